// SPDX-License-Identifier: MIT
// PepeKing AI - the first AI-powered pepe. https://pepeking.ai
pragma solidity ^0.8.20;

interface IERC20 {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

abstract contract Ownable {
    error OwnableUnauthorizedAccount(address account);
    address private _owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor(address initialOwner) {
        _owner = initialOwner;
        emit OwnershipTransferred(address(0), initialOwner);
    }

    modifier onlyOwner() {
        if (msg.sender != _owner) revert OwnableUnauthorizedAccount(msg.sender);
        _;
    }

    function owner() public view returns (address) {
        return _owner;
    }

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "zero owner");
        emit OwnershipTransferred(_owner, newOwner);
        _owner = newOwner;
    }
}

abstract contract ERC20 is IERC20 {
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    uint256 private _totalSupply;
    string private _name;
    string private _symbol;

    constructor(string memory name_, string memory symbol_) {
        _name = name_;
        _symbol = symbol_;
    }

    function name() public view returns (string memory) { return _name; }
    function symbol() public view returns (string memory) { return _symbol; }
    function decimals() public pure returns (uint8) { return 18; }
    function totalSupply() public view returns (uint256) { return _totalSupply; }
    function balanceOf(address account) public view returns (uint256) { return _balances[account]; }

    function transfer(address to, uint256 value) public returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function allowance(address owner, address spender) public view returns (uint256) {
        return _allowances[owner][spender];
    }

    function approve(address spender, uint256 value) public returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) public returns (bool) {
        uint256 current = _allowances[from][msg.sender];
        if (current != type(uint256).max) {
            require(current >= value, "ERC20: insufficient allowance");
            unchecked { _approve(from, msg.sender, current - value); }
        }
        _transfer(from, to, value);
        return true;
    }

    function _approve(address owner, address spender, uint256 value) internal {
        _allowances[owner][spender] = value;
        emit Approval(owner, spender, value);
    }

    function _transfer(address from, address to, uint256 value) internal virtual {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        _move(from, to, value);
    }

    function _move(address from, address to, uint256 value) internal {
        uint256 fromBalance = _balances[from];
        require(fromBalance >= value, "ERC20: transfer amount exceeds balance");
        unchecked {
            _balances[from] = fromBalance - value;
            _balances[to] += value;
        }
        emit Transfer(from, to, value);
    }

    function _mint(address account, uint256 value) internal {
        _totalSupply += value;
        _balances[account] += value;
        emit Transfer(address(0), account, value);
    }
}

interface IUniswapV2Factory {
    function getPair(address tokenA, address tokenB) external view returns (address pair);
}

interface IUniswapV2Router02 {
    function factory() external view returns (address);
    function WETH() external view returns (address);
    function swapExactTokensForETHSupportingFeeOnTransferTokens(
        uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline
    ) external;
}

contract PepeKingAI is ERC20, Ownable {
    IUniswapV2Router02 public constant uniswapV2Router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
    address public uniswapV2Pair;
    address public marketingWallet;

    bool public tradingActive;
    bool public swapEnabled;
    bool private swapping;

    uint256 public maxTransactionAmount;
    uint256 public maxWallet;
    uint256 public swapTokensAtAmount;

    uint256 public buyMarketingFee = 3;
    uint256 public buyLiquidityFee = 1;
    uint256 public sellMarketingFee = 3;
    uint256 public sellLiquidityFee = 1;

    mapping(address => bool) private _isExcludedFromFees;
    mapping(address => bool) public _isExcludedMaxTransactionAmount;
    mapping(address => bool) public automatedMarketMakerPairs;

    event TradingEnabled(uint256 blockNumber);

    constructor(string memory name_, string memory symbol_, uint256 totalSupply_) ERC20(name_, symbol_) Ownable(msg.sender) {
        marketingWallet = msg.sender;
        maxTransactionAmount = (totalSupply_ * 3) / 100;
        maxWallet = (totalSupply_ * 4) / 100;
        swapTokensAtAmount = (totalSupply_ * 5) / 10000;

        _isExcludedFromFees[msg.sender] = true;
        _isExcludedFromFees[address(this)] = true;
        _isExcludedMaxTransactionAmount[msg.sender] = true;
        _isExcludedMaxTransactionAmount[address(this)] = true;
        _isExcludedMaxTransactionAmount[address(uniswapV2Router)] = true;

        _approve(address(this), address(uniswapV2Router), type(uint256).max);
        _mint(msg.sender, totalSupply_);
    }

    receive() external payable {}

    function enableTrading() external onlyOwner {
        require(!tradingActive, "already enabled");
        address pair = IUniswapV2Factory(uniswapV2Router.factory()).getPair(address(this), uniswapV2Router.WETH());
        require(pair != address(0), "add liquidity first");
        uniswapV2Pair = pair;
        automatedMarketMakerPairs[pair] = true;
        _isExcludedMaxTransactionAmount[pair] = true;
        tradingActive = true;
        swapEnabled = true;
        emit TradingEnabled(block.number);
    }

    function updateMaxTxnAmount(uint256 newNum) external onlyOwner {
        maxTransactionAmount = newNum * 1e18;
    }

    function updateMaxWalletAmount(uint256 newNum) external onlyOwner {
        maxWallet = newNum * 1e18;
    }

    function updateBuyFees(uint256 _marketingFee, uint256 _liquidityFee) external onlyOwner {
        require(_marketingFee + _liquidityFee <= 99, "Must keep fees at 99% or less");
        buyMarketingFee = _marketingFee;
        buyLiquidityFee = _liquidityFee;
    }

    function updateSellFees(uint256 _marketingFee, uint256 _liquidityFee) external onlyOwner {
        require(_marketingFee + _liquidityFee <= 99, "Must keep fees at 99% or less");
        sellMarketingFee = _marketingFee;
        sellLiquidityFee = _liquidityFee;
    }

    function excludeFromFees(address account, bool excluded) external onlyOwner {
        _isExcludedFromFees[account] = excluded;
    }

    function excludeFromMaxTransaction(address account, bool isEx) external onlyOwner {
        _isExcludedMaxTransactionAmount[account] = isEx;
    }

    function setAutomatedMarketMakerPair(address pair, bool value) external onlyOwner {
        automatedMarketMakerPairs[pair] = value;
    }

    function updateMarketingWallet(address newWallet) external onlyOwner {
        marketingWallet = newWallet;
    }

    function isExcludedFromFees(address account) public view returns (bool) {
        return _isExcludedFromFees[account];
    }

    function _transfer(address from, address to, uint256 amount) internal override {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        if (amount == 0) {
            _move(from, to, 0);
            return;
        }

        if (from != owner() && to != owner() && !swapping) {
            if (!tradingActive) {
                require(_isExcludedFromFees[from] || _isExcludedFromFees[to], "Trading is not active.");
            }
            if (automatedMarketMakerPairs[from] && !_isExcludedMaxTransactionAmount[to]) {
                require(amount <= maxTransactionAmount, "Buy transfer amount exceeds the maxTransactionAmount.");
                require(amount + balanceOf(to) <= maxWallet, "Max wallet exceeded");
            } else if (automatedMarketMakerPairs[to] && !_isExcludedMaxTransactionAmount[from]) {
                require(amount <= maxTransactionAmount, "Sell transfer amount exceeds the maxTransactionAmount.");
            } else if (!_isExcludedMaxTransactionAmount[to]) {
                require(amount + balanceOf(to) <= maxWallet, "Max wallet exceeded");
            }
        }

        uint256 contractTokenBalance = balanceOf(address(this));
        if (
            swapEnabled && !swapping && contractTokenBalance >= swapTokensAtAmount && automatedMarketMakerPairs[to]
                && !_isExcludedFromFees[from]
        ) {
            swapping = true;
            swapBack(contractTokenBalance);
            swapping = false;
        }

        bool takeFee = !swapping && !_isExcludedFromFees[from] && !_isExcludedFromFees[to];
        if (takeFee) {
            uint256 fees;
            if (automatedMarketMakerPairs[to]) {
                fees = (amount * (sellMarketingFee + sellLiquidityFee)) / 100;
            } else if (automatedMarketMakerPairs[from]) {
                fees = (amount * (buyMarketingFee + buyLiquidityFee)) / 100;
            }
            if (fees > 0) {
                _move(from, address(this), fees);
                amount -= fees;
            }
        }
        _move(from, to, amount);
    }

    function swapBack(uint256 contractBalance) private {
        uint256 toSwap = contractBalance > swapTokensAtAmount * 20 ? swapTokensAtAmount * 20 : contractBalance;
        address[] memory path = new address[](2);
        path[0] = address(this);
        path[1] = uniswapV2Router.WETH();
        uniswapV2Router.swapExactTokensForETHSupportingFeeOnTransferTokens(toSwap, 0, path, marketingWallet, block.timestamp);
    }
}
