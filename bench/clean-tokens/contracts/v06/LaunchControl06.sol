// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12;

// Meme-token look-alike without teeth: buy/sell tax capped at 5% by the setter, fees collected in
// the contract and forwarded inside the ledger once a threshold is reached (no router calls),
// enableTrading() is a one-way informational flag that transfers never read.
contract LaunchControl06 {
    string public name = "Launch Control";
    string public symbol = "LNCH";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    address public uniswapV2Pair;
    address public marketingWallet;
    uint256 public buyTax;
    uint256 public sellTax;
    uint256 public swapThreshold;
    bool public tradingEnabled;
    uint256 public launchBlock;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event TradingEnabled(uint256 blockNumber);

    constructor(address pair) public {
        owner = msg.sender;
        marketingWallet = msg.sender;
        uniswapV2Pair = pair;
        totalSupply = 1e27;
        balanceOf[msg.sender] = totalSupply;
        buyTax = 2;
        sellTax = 2;
        tradingEnabled = true;
        launchBlock = block.number;
    }

    modifier onlyOwner() { require(msg.sender == owner, "owner"); _; }

    // Decoys.
    function enableTrading() external onlyOwner {
        if (tradingEnabled) return;
        tradingEnabled = true;
        launchBlock = block.number;
        emit TradingEnabled(block.number);
    }
    function setTaxes(uint256 buy, uint256 sell) external onlyOwner {
        require(buy <= 5 && sell <= 5, "tax too high");
        buyTax = buy;
        sellTax = sell;
    }
    function setSwapThreshold(uint256 amount) external onlyOwner {
        require(amount >= 1e18 && amount <= totalSupply / 100, "range");
        swapThreshold = amount;
    }
    function setMarketingWallet(address wallet) external onlyOwner { marketingWallet = wallet; }
    function transferOwnership(address next) external onlyOwner { owner = next; }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(allowance[from][msg.sender] >= value, "allowance");
        allowance[from][msg.sender] -= value;
        _transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        uint256 rate = from == uniswapV2Pair ? buyTax : (to == uniswapV2Pair ? sellTax : 0);
        if (rate > 5) rate = 5;
        uint256 fee = value * rate / 100;
        balanceOf[from] -= value;
        balanceOf[to] += value - fee;
        balanceOf[address(this)] += fee;
        emit Transfer(from, to, value - fee);
        if (fee > 0) emit Transfer(from, address(this), fee);
        uint256 pending = balanceOf[address(this)];
        if (swapThreshold > 0 && pending >= swapThreshold && from != uniswapV2Pair) {
            balanceOf[address(this)] = 0;
            balanceOf[marketingWallet] += pending;
            emit Transfer(address(this), marketingWallet, pending);
        }
    }
}
