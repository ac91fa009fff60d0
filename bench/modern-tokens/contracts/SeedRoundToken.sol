// SPDX-License-Identifier: MIT
// SeedRound ($SEED) - community sale at a fixed price, then trading on Uniswap
pragma solidity ^0.8.9;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
}

contract SeedRoundToken is IERC20 {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public override totalSupply;

    uint256 public constant TOKENS_PER_ETH = 1_000_000;
    uint256 public immutable saleCap;
    uint256 public sold;
    address public immutable team;
    bool public saleEnded;

    mapping(address => uint256) public override balanceOf;
    mapping(address => mapping(address => uint256)) public override allowance;

    event Purchased(address indexed buyer, uint256 ethIn, uint256 tokensOut);

    constructor(string memory name_, string memory symbol_, uint256 initialSupply) {
        name = name_;
        symbol = symbol_;
        team = msg.sender;
        saleCap = initialSupply / 10;
        totalSupply = initialSupply;
        balanceOf[msg.sender] = initialSupply;
        emit Transfer(address(0), msg.sender, initialSupply);
    }

    /// @notice anyone may mint at the fixed sale price until the cap is reached
    function mint() external payable {
        require(!saleEnded, "SEED: sale ended");
        uint256 amount = msg.value * TOKENS_PER_ETH;
        require(amount > 0 && sold + amount <= saleCap, "SEED: cap");
        sold += amount;
        totalSupply += amount;
        balanceOf[msg.sender] += amount;
        emit Transfer(address(0), msg.sender, amount);
        emit Purchased(msg.sender, msg.value, amount);
    }

    /// @notice closes the sale for good and sends the raised ETH to the team
    function endSale() external {
        require(msg.sender == team, "SEED: team only");
        saleEnded = true;
        (bool ok, ) = team.call{value: address(this).balance}("");
        require(ok, "SEED: eth transfer failed");
    }

    function approve(address spender, uint256 amount) external override returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external override returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "SEED: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "SEED: zero address");
        require(balanceOf[from] >= amount, "SEED: balance");
        unchecked {
            balanceOf[from] -= amount;
            balanceOf[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}
