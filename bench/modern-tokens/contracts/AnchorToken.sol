// SPDX-License-Identifier: MIT
// Anchor ($ANCR) - tax changes are capped at 8% and wait 48 hours in a public queue
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

interface IUniswapV2Factory {
    function createPair(address tokenA, address tokenB) external returns (address pair);
}

interface IUniswapV2Router02 {
    function factory() external pure returns (address);
    function WETH() external pure returns (address);
}

contract AnchorToken is IERC20 {
    error NotOwner();
    error TaxTooHigh(uint256 requested);
    error NotReady(uint256 readyAt);
    error NothingQueued();

    uint256 public constant MAX_TAX = 8;
    uint256 public constant DELAY = 48 hours;

    string public constant name = "Anchor";
    string public constant symbol = "ANCR";
    uint8 public constant decimals = 18;
    uint256 public constant totalSupply = 250_000_000 ether;

    address public owner;
    address public treasury;
    address public immutable pair;
    uint256 public tax = 2;

    uint256 public queuedTax;
    uint256 public queuedAt;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public taxExempt;

    event TaxQueued(uint256 tax, uint256 readyAt);
    event TaxApplied(uint256 tax);

    constructor() {
        owner = msg.sender;
        treasury = msg.sender;
        IUniswapV2Router02 router = IUniswapV2Router02(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        pair = IUniswapV2Factory(router.factory()).createPair(address(this), router.WETH());
        taxExempt[msg.sender] = true;
        balanceOf[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    function queueTax(uint256 newTax) external onlyOwner {
        if (newTax > MAX_TAX) revert TaxTooHigh(newTax);
        queuedTax = newTax;
        queuedAt = block.timestamp;
        emit TaxQueued(newTax, block.timestamp + DELAY);
    }

    function applyTax() external onlyOwner {
        if (queuedAt == 0) revert NothingQueued();
        if (block.timestamp < queuedAt + DELAY) revert NotReady(queuedAt + DELAY);
        tax = queuedTax;
        queuedAt = 0;
        emit TaxApplied(tax);
    }

    function setTreasury(address newTreasury) external onlyOwner {
        treasury = newTreasury;
    }

    function setTaxExempt(address account, bool exempt) external onlyOwner {
        taxExempt[account] = exempt;
    }

    function renounceOwnership() external onlyOwner {
        owner = address(0);
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
            require(a >= value, "ANCR: allowance");
            allowance[from][msg.sender] = a - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "ANCR: zero address");
        uint256 bal = balanceOf[from];
        require(bal >= value, "ANCR: balance");
        uint256 fee;
        if ((from == pair || to == pair) && !taxExempt[from] && !taxExempt[to]) {
            fee = (value * (tax > MAX_TAX ? MAX_TAX : tax)) / 100;
        }
        unchecked {
            balanceOf[from] = bal - value;
        }
        if (fee > 0) {
            balanceOf[treasury] += fee;
            emit Transfer(from, treasury, fee);
        }
        balanceOf[to] += value - fee;
        emit Transfer(from, to, value - fee);
    }
}
