// SPDX-License-Identifier: MIT
// Harbor ($HRBR) - two-step ownership, fees capped at 5%, bounded swap settings
pragma solidity ^0.8.21;

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

abstract contract Ownable2Step {
    address private _owner;
    address private _pendingOwner;
    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
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

    function pendingOwner() public view returns (address) {
        return _pendingOwner;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        _pendingOwner = newOwner;
        emit OwnershipTransferStarted(_owner, newOwner);
    }

    function acceptOwnership() external {
        require(msg.sender == _pendingOwner, "Ownable2Step: caller is not the new owner");
        emit OwnershipTransferred(_owner, msg.sender);
        _owner = msg.sender;
        delete _pendingOwner;
    }

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
        delete _pendingOwner;
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

contract HarborToken is IERC20, Ownable2Step {
    uint256 public constant FEE_CAP = 5;

    string public constant name = "Harbor";
    string public constant symbol = "HRBR";
    uint8 public constant decimals = 18;
    uint256 public immutable totalSupply;

    IUniswapV2Router02 public immutable router;
    address public immutable pair;
    address public feeRecipient;
    uint256 public buyFee = 2;
    uint256 public sellFee = 2;
    uint256 public swapThreshold;
    bool private _inSwap;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public feeExempt;

    constructor(uint256 initialSupply) {
        totalSupply = initialSupply;
        swapThreshold = initialSupply / 2000;
        router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        pair = IUniswapV2Factory(router.factory()).createPair(address(this), router.WETH());
        feeRecipient = msg.sender;
        feeExempt[msg.sender] = true;
        feeExempt[address(this)] = true;
        allowance[address(this)][address(router)] = type(uint256).max;
        balanceOf[msg.sender] = initialSupply;
        emit Transfer(address(0), msg.sender, initialSupply);
    }

    receive() external payable {}

    function setFees(uint256 newBuyFee, uint256 newSellFee) external onlyOwner {
        require(newBuyFee <= FEE_CAP && newSellFee <= FEE_CAP, "HRBR: fee cap");
        buyFee = newBuyFee;
        sellFee = newSellFee;
    }

    function setSwapThreshold(uint256 threshold) external onlyOwner {
        require(threshold >= totalSupply / 1_000_000 && threshold <= totalSupply / 200, "HRBR: bounds");
        swapThreshold = threshold;
    }

    function setFeeRecipient(address recipient) external onlyOwner {
        require(recipient != address(0), "HRBR: zero");
        feeRecipient = recipient;
    }

    function setFeeExempt(address account, bool exempt) external onlyOwner {
        feeExempt[account] = exempt;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 a = allowance[from][msg.sender];
        if (a != type(uint256).max) {
            require(a >= value, "HRBR: allowance");
            allowance[from][msg.sender] = a - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "HRBR: zero address");
        uint256 fee;
        if (!_inSwap && !feeExempt[from] && !feeExempt[to]) {
            if (from == pair) {
                fee = (value * buyFee) / 100;
            } else if (to == pair) {
                fee = (value * sellFee) / 100;
                uint256 held = balanceOf[address(this)];
                if (held >= swapThreshold) _swapBack(held);
            }
        }
        uint256 bal = balanceOf[from];
        require(bal >= value, "HRBR: balance");
        unchecked {
            balanceOf[from] = bal - value;
        }
        if (fee > 0) {
            balanceOf[address(this)] += fee;
            emit Transfer(from, address(this), fee);
        }
        balanceOf[to] += value - fee;
        emit Transfer(from, to, value - fee);
    }

    function _swapBack(uint256 amount) private {
        _inSwap = true;
        address[] memory path = new address[](2);
        path[0] = address(this);
        path[1] = router.WETH();
        try router.swapExactTokensForETHSupportingFeeOnTransferTokens(amount, 0, path, feeRecipient, block.timestamp) {} catch {}
        _inSwap = false;
    }
}
