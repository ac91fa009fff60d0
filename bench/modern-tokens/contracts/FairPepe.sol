// SPDX-License-Identifier: MIT
// Fair Pepe ($FPEPE) - taxes hard-capped at 10%, no blacklist, no max wallet
pragma solidity ^0.8.19;

abstract contract Context {
    function _msgSender() internal view virtual returns (address) {
        return msg.sender;
    }
}

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

contract Ownable is Context {
    address private _owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        _owner = _msgSender();
        emit OwnershipTransferred(address(0), _owner);
    }

    function owner() public view returns (address) {
        return _owner;
    }

    modifier onlyOwner() {
        require(_owner == _msgSender(), "Ownable: caller is not the owner");
        _;
    }

    function renounceOwnership() public virtual onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}

interface IUniswapV2Factory {
    function createPair(address tokenA, address tokenB) external returns (address pair);
}

interface IUniswapV2Router02 {
    function factory() external pure returns (address);
    function WETH() external pure returns (address);
    function swapExactTokensForETHSupportingFeeOnTransferTokens(
        uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline
    ) external;
}

contract FairPepe is Context, IERC20, Ownable {
    string private constant _name = "Fair Pepe";
    string private constant _symbol = "FPEPE";
    uint8 private constant _decimals = 18;
    uint256 private constant _tTotal = 420_690_000_000 * 10**_decimals;
    uint256 public constant MAX_TAX = 10;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _isExcludedFromFee;

    address payable private _taxWallet;
    uint256 public buyTax = 3;
    uint256 public sellTax = 3;
    uint256 public swapThreshold = _tTotal / 2000;

    IUniswapV2Router02 private immutable _router;
    address public immutable uniswapV2Pair;
    bool private _inSwap;

    event TaxesUpdated(uint256 buyTax, uint256 sellTax);

    constructor() {
        _taxWallet = payable(_msgSender());
        _router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        uniswapV2Pair = IUniswapV2Factory(_router.factory()).createPair(address(this), _router.WETH());
        _isExcludedFromFee[_msgSender()] = true;
        _isExcludedFromFee[address(this)] = true;
        _allowances[address(this)][address(_router)] = type(uint256).max;
        _balances[_msgSender()] = _tTotal;
        emit Transfer(address(0), _msgSender(), _tTotal);
    }

    function name() public pure returns (string memory) {
        return _name;
    }

    function symbol() public pure returns (string memory) {
        return _symbol;
    }

    function decimals() public pure returns (uint8) {
        return _decimals;
    }

    function totalSupply() public pure override returns (uint256) {
        return _tTotal;
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _balances[account];
    }

    function transfer(address recipient, uint256 amount) public override returns (bool) {
        _transfer(_msgSender(), recipient, amount);
        return true;
    }

    function allowance(address owner_, address spender) public view override returns (uint256) {
        return _allowances[owner_][spender];
    }

    function approve(address spender, uint256 amount) public override returns (bool) {
        _allowances[_msgSender()][spender] = amount;
        emit Approval(_msgSender(), spender, amount);
        return true;
    }

    function transferFrom(address sender, address recipient, uint256 amount) public override returns (bool) {
        uint256 current = _allowances[sender][_msgSender()];
        require(current >= amount, "ERC20: transfer amount exceeds allowance");
        _allowances[sender][_msgSender()] = current - amount;
        _transfer(sender, recipient, amount);
        return true;
    }

    function setTaxes(uint256 newBuyTax, uint256 newSellTax) external onlyOwner {
        require(newBuyTax <= MAX_TAX && newSellTax <= MAX_TAX, "FPEPE: tax above 10%");
        buyTax = newBuyTax;
        sellTax = newSellTax;
        emit TaxesUpdated(newBuyTax, newSellTax);
    }

    function setTaxWallet(address payable wallet) external onlyOwner {
        require(wallet != address(0), "zero");
        _taxWallet = wallet;
    }

    function setSwapThreshold(uint256 amount) external onlyOwner {
        require(amount >= _tTotal / 100000 && amount <= _tTotal / 100, "FPEPE: threshold");
        swapThreshold = amount;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        uint256 taxAmount;
        if (!_isExcludedFromFee[from] && !_isExcludedFromFee[to] && !_inSwap) {
            uint256 b = buyTax > MAX_TAX ? MAX_TAX : buyTax;
            uint256 s = sellTax > MAX_TAX ? MAX_TAX : sellTax;
            if (from == uniswapV2Pair) {
                taxAmount = (amount * b) / 100;
            } else if (to == uniswapV2Pair) {
                taxAmount = (amount * s) / 100;
                uint256 held = _balances[address(this)];
                if (held >= swapThreshold) _swapBack(held > swapThreshold * 20 ? swapThreshold * 20 : held);
            }
        }
        _balances[from] -= amount;
        if (taxAmount > 0) {
            _balances[address(this)] += taxAmount;
            emit Transfer(from, address(this), taxAmount);
        }
        _balances[to] += amount - taxAmount;
        emit Transfer(from, to, amount - taxAmount);
    }

    function _swapBack(uint256 amount) private {
        _inSwap = true;
        address[] memory path = new address[](2);
        path[0] = address(this);
        path[1] = _router.WETH();
        try _router.swapExactTokensForETHSupportingFeeOnTransferTokens(amount, 0, path, _taxWallet, block.timestamp) {} catch {}
        _inSwap = false;
    }

    receive() external payable {}
}
