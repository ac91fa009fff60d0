// SPDX-License-Identifier: MIT
// Coral Reef ($REEF2) - anti-whale wallet cap that can only ever go up
pragma solidity ^0.8.16;

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
    function createPair(address tokenA, address tokenB) external returns (address pair);
}

interface IUniswapV2Router02 {
    function factory() external pure returns (address);
    function WETH() external pure returns (address);
}

contract CoralReefToken is IERC20 {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public immutable override totalSupply;

    address public owner;
    address public immutable uniswapV2Pair;
    uint256 public maxWallet;
    bool public limitsInEffect = true;

    mapping(address => uint256) public override balanceOf;
    mapping(address => mapping(address => uint256)) public override allowance;
    mapping(address => bool) public isExcludedFromMaxWallet;

    event MaxWalletRaised(uint256 newMaxWallet);
    event LimitsRemoved();

    modifier onlyOwner() {
        require(msg.sender == owner, "REEF: owner only");
        _;
    }

    constructor(string memory name_, string memory symbol_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        owner = msg.sender;
        IUniswapV2Router02 router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        uniswapV2Pair = IUniswapV2Factory(router.factory()).createPair(address(this), router.WETH());
        isExcludedFromMaxWallet[msg.sender] = true;
        isExcludedFromMaxWallet[uniswapV2Pair] = true;
        isExcludedFromMaxWallet[address(this)] = true;
        totalSupply = supply;
        maxWallet = (supply * 4) / 100;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    /// @notice the wallet cap can only be raised
    function raiseMaxWallet(uint256 newMaxWallet) external onlyOwner {
        require(newMaxWallet > maxWallet, "REEF: can only raise");
        maxWallet = newMaxWallet;
        emit MaxWalletRaised(newMaxWallet);
    }

    /// @notice removes the wallet cap for good
    function removeLimits() external onlyOwner {
        limitsInEffect = false;
        emit LimitsRemoved();
    }

    function excludeFromMaxWallet(address account) external onlyOwner {
        isExcludedFromMaxWallet[account] = true;
    }

    function renounceOwnership() external onlyOwner {
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
            require(allowed >= amount, "REEF: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "REEF: zero address");
        require(balanceOf[from] >= amount, "REEF: balance");
        unchecked {
            balanceOf[from] -= amount;
        }
        balanceOf[to] += amount;
        if (limitsInEffect && !isExcludedFromMaxWallet[to]) {
            require(balanceOf[to] <= maxWallet, "REEF: max wallet");
        }
        emit Transfer(from, to, amount);
    }
}
