// SPDX-License-Identifier: MIT
// Blue Whale ($BWHL) - fixed 3/3 tax forever (constants), funds the marketing wallet
pragma solidity ^0.8.18;

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
    function swapExactTokensForETHSupportingFeeOnTransferTokens(
        uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline
    ) external;
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

contract BlueWhaleToken is IERC20, Ownable {
    uint256 public constant BUY_TAX = 3;
    uint256 public constant SELL_TAX = 3;

    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public constant override totalSupply = 10_000_000_000 ether;

    IUniswapV2Router02 public immutable router;
    address public immutable pair;
    address payable public marketingWallet;
    uint256 public swapTokensAt = totalSupply / 5000;
    bool private _swapping;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) public isExcludedFromFees;

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        pair = IUniswapV2Factory(router.factory()).createPair(address(this), router.WETH());
        marketingWallet = payable(msg.sender);
        isExcludedFromFees[msg.sender] = true;
        isExcludedFromFees[address(this)] = true;
        _allowances[address(this)][address(router)] = type(uint256).max;
        _balances[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    receive() external payable {}

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

    function excludeFromFees(address account, bool excluded) external onlyOwner {
        isExcludedFromFees[account] = excluded;
    }

    function setMarketingWallet(address payable wallet) external onlyOwner {
        require(wallet != address(0), "BWHL: zero");
        marketingWallet = wallet;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        uint256 bal = _balances[from];
        require(bal >= amount, "ERC20: transfer amount exceeds balance");

        uint256 fee;
        if (!_swapping && !isExcludedFromFees[from] && !isExcludedFromFees[to]) {
            if (from == pair) {
                fee = (amount * BUY_TAX) / 100;
            } else if (to == pair) {
                fee = (amount * SELL_TAX) / 100;
                uint256 held = _balances[address(this)];
                if (held >= swapTokensAt) {
                    _swapping = true;
                    address[] memory path = new address[](2);
                    path[0] = address(this);
                    path[1] = router.WETH();
                    router.swapExactTokensForETHSupportingFeeOnTransferTokens(
                        held > swapTokensAt * 10 ? swapTokensAt * 10 : held, 0, path, marketingWallet, block.timestamp
                    );
                    _swapping = false;
                }
            }
        }

        _balances[from] -= amount;
        if (fee > 0) {
            _balances[address(this)] += fee;
            emit Transfer(from, address(this), fee);
        }
        _balances[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
    }
}
