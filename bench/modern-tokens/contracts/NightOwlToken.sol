// SPDX-License-Identifier: MIT
// Night Owl ($HOOT) - anti-snipe wallet cap for the first 20 blocks only, then gone by itself
pragma solidity ^0.8.17;

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

interface IUniswapV2Factory {
    function getPair(address tokenA, address tokenB) external view returns (address pair);
}

interface IUniswapV2Router02 {
    function factory() external pure returns (address);
    function WETH() external pure returns (address);
}

contract NightOwlToken is IERC20 {
    uint256 public constant PROTECTION_BLOCKS = 20;
    uint256 public constant PROTECTED_MAX_WALLET_PERCENT = 3;

    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public immutable override totalSupply;

    address public owner;
    address public pair;
    uint256 public launchBlock;

    mapping(address => uint256) public override balanceOf;
    mapping(address => mapping(address => uint256)) public override allowance;

    event Launched(uint256 blockNumber, address pair);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        owner = msg.sender;
        totalSupply = 777_777_777 ether;
        balanceOf[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    /// @notice one-way: opens trading forever and starts the short anti-snipe window
    function enableTrading() external {
        require(msg.sender == owner, "HOOT: owner only");
        require(launchBlock == 0, "HOOT: already live");
        IUniswapV2Router02 router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        pair = IUniswapV2Factory(router.factory()).getPair(address(this), router.WETH());
        launchBlock = block.number;
        emit Launched(block.number, pair);
    }

    function renounceOwnership() external {
        require(msg.sender == owner, "HOOT: owner only");
        owner = address(0);
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
            require(allowed >= amount, "HOOT: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "HOOT: zero address");
        if (from != owner && to != owner) {
            require(launchBlock != 0, "HOOT: not live yet");
            if (from == pair && block.number <= launchBlock + PROTECTION_BLOCKS) {
                require(balanceOf[to] + amount <= (totalSupply * PROTECTED_MAX_WALLET_PERCENT) / 100, "HOOT: anti-snipe cap");
            }
        }
        require(balanceOf[from] >= amount, "HOOT: balance");
        unchecked {
            balanceOf[from] -= amount;
            balanceOf[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}
