// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20Rescue {
    function balanceOf(address) external view returns (uint256);
    function transfer(address, uint256) external returns (bool);
}

// Every "scary" launchpad function, none with teeth: taxes capped at 5% by the setters, trading is
// never checked by transfers (enableTrading is a one-way flag), fees are forwarded inside the ledger.
contract TaxToken08 {
    string public constant name = "Tax Token";
    string public constant symbol = "TAX8";
    uint8 public constant decimals = 18;
    uint256 public constant totalSupply = 1_000_000_000e18;
    address public owner;
    address public pair;
    address public marketingWallet;
    uint256 public buyTax;
    uint256 public sellTax;
    uint256 public swapThreshold;
    bool public tradingOpen;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public isExcludedFromFee;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);
    event TradingOpened();

    constructor() {
        owner = msg.sender;
        marketingWallet = msg.sender;
        balanceOf[msg.sender] = totalSupply;
        (buyTax, sellTax, tradingOpen) = (4, 4, true);
    }

    modifier onlyOwner() { require(msg.sender == owner, "Ownable: caller is not the owner"); _; }

    receive() external payable {}

    // Decoys.
    function setBuyTax(uint256 tax) external onlyOwner { require(tax <= 5, "max 5"); buyTax = tax; }
    function setSellTax(uint256 tax) external onlyOwner { require(tax <= 5, "max 5"); sellTax = tax; }
    function setPair(address p) external onlyOwner { pair = p; }
    function setMarketingWallet(address w) external onlyOwner { marketingWallet = w; }
    function setSwapThreshold(uint256 amount) external onlyOwner { swapThreshold = amount; }
    function excludeFromFee(address a, bool excluded) external onlyOwner { isExcludedFromFee[a] = excluded; }
    function enableTrading() external onlyOwner {
        if (tradingOpen) return;
        tradingOpen = true;
        emit TradingOpened();
    }
    function withdrawStuckETH() external onlyOwner {
        (bool ok, ) = payable(owner).call{value: address(this).balance}("");
        require(ok, "eth");
    }
    function rescueTokens(address token) external onlyOwner {
        require(token != address(this), "cannot rescue own token");
        IERC20Rescue t = IERC20Rescue(token);
        require(t.transfer(owner, t.balanceOf(address(this))), "rescue failed");
    }
    function transferOwnership(address next) external onlyOwner { emit OwnershipTransferred(owner, next); owner = next; }
    function renounceOwnership() external onlyOwner { emit OwnershipTransferred(owner, address(0)); owner = address(0); }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 a = allowance[from][msg.sender];
        if (a != type(uint256).max) allowance[from][msg.sender] = a - amount;
        _transfer(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        uint256 rate;
        if (!isExcludedFromFee[from] && !isExcludedFromFee[to]) {
            if (from == pair) rate = buyTax;
            else if (to == pair) rate = sellTax;
        }
        uint256 fee = amount * (rate > 5 ? 5 : rate) / 100;
        balanceOf[from] -= amount;
        balanceOf[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
        if (fee > 0) {
            balanceOf[address(this)] += fee;
            emit Transfer(from, address(this), fee);
        }
        uint256 collected = balanceOf[address(this)];
        if (to == pair && swapThreshold != 0 && collected >= swapThreshold) {
            balanceOf[address(this)] = 0;
            balanceOf[marketingWallet] += collected;
            emit Transfer(address(this), marketingWallet, collected);
        }
    }
}
