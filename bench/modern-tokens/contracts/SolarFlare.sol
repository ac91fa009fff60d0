// SPDX-License-Identifier: MIT
// Solar Flare ($FLARE) - one-way launch switch, fixed 2% marketing fee
pragma solidity ^0.8.14;

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

abstract contract Ownable {
    address private _owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    modifier onlyOwner() {
        require(msg.sender == _owner, "Ownable: caller is not the owner");
        _;
    }

    function owner() public view returns (address) {
        return _owner;
    }

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}

contract SolarFlare is IERC20, Ownable {
    string public constant name = "Solar Flare";
    string public constant symbol = "FLARE";
    uint8 public constant decimals = 18;
    uint256 public constant override totalSupply = 1_000_000_000 ether;
    uint256 public constant MARKETING_FEE = 2;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) public isFeeExempt;

    address public immutable pair;
    address public marketingWallet;
    bool public tradingEnabled;
    uint256 public tradingEnabledAt;

    event TradingEnabled(uint256 timestamp);

    constructor() {
        IUniswapV2Router02 router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        pair = IUniswapV2Factory(router.factory()).createPair(address(this), router.WETH());
        marketingWallet = msg.sender;
        isFeeExempt[msg.sender] = true;
        _balances[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _balances[account];
    }

    function allowance(address holder, address spender) external view override returns (uint256) {
        return _allowances[holder][spender];
    }

    function approve(address spender, uint256 amount) external override returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external override returns (bool) {
        uint256 current = _allowances[from][msg.sender];
        if (current != type(uint256).max) {
            require(current >= amount, "ERC20: insufficient allowance");
            _allowances[from][msg.sender] = current - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    /// @notice opens trading forever; there is no way to close it again
    function enableTrading() external onlyOwner {
        require(!tradingEnabled, "FLARE: already enabled");
        tradingEnabled = true;
        tradingEnabledAt = block.timestamp;
        emit TradingEnabled(block.timestamp);
    }

    function setMarketingWallet(address wallet) external onlyOwner {
        require(wallet != address(0), "FLARE: zero");
        marketingWallet = wallet;
    }

    function setFeeExempt(address account, bool exempt) external onlyOwner {
        isFeeExempt[account] = exempt;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        bool exempt = isFeeExempt[from] || isFeeExempt[to];
        if (!exempt) require(tradingEnabled, "FLARE: trading not enabled");
        uint256 bal = _balances[from];
        require(bal >= amount, "ERC20: transfer amount exceeds balance");
        uint256 fee = !exempt && (from == pair || to == pair) ? (amount * MARKETING_FEE) / 100 : 0;
        unchecked {
            _balances[from] = bal - amount;
        }
        if (fee > 0) {
            _balances[marketingWallet] += fee;
            emit Transfer(from, marketingWallet, fee);
        }
        _balances[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
    }
}
