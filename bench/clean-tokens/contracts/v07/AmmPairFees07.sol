// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

// Buy/sell fees on registered AMM pairs, each capped at 5% by its setter. Fees accumulate in the
// contract and anyone can push them to the fee wallet once over the threshold (ledger-internal).
contract AmmPairFees07 {
    string public constant name = "AMM Pair Fees";
    string public constant symbol = "AMMF";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    address public feeWallet;
    uint8 public buyFee;
    uint8 public sellFee;
    uint256 public swapTokensAtAmount;
    mapping(address => bool) public automatedMarketMakerPairs;
    mapping(address => bool) public isExcludedFromFees;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address pair) {
        owner = msg.sender;
        feeWallet = msg.sender;
        automatedMarketMakerPairs[pair] = true;
        (buyFee, sellFee) = (3, 3);
        totalSupply = 1e27;
        balanceOf[msg.sender] = 1e27;
    }

    modifier onlyOwner() { require(msg.sender == owner, "owner"); _; }

    // Decoys.
    function setFees(uint8 buy, uint8 sell) external onlyOwner {
        require(buy <= 5 && sell <= 5, "fees capped at 5%");
        (buyFee, sellFee) = (buy, sell);
    }
    function setAutomatedMarketMakerPair(address pair, bool value) external onlyOwner { automatedMarketMakerPairs[pair] = value; }
    function excludeFromFees(address account, bool excluded) external onlyOwner { isExcludedFromFees[account] = excluded; }
    function setSwapTokensAtAmount(uint256 amount) external onlyOwner { swapTokensAtAmount = amount; }
    function setFeeWallet(address wallet) external onlyOwner { feeWallet = wallet; }

    function distributeFees() public {
        uint256 pending = balanceOf[address(this)];
        if (pending == 0 || pending < swapTokensAtAmount) return;
        balanceOf[address(this)] = 0;
        balanceOf[feeWallet] += pending;
        emit Transfer(address(this), feeWallet, pending);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount, "allowance");
        allowance[from][msg.sender] -= amount;
        _transfer(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(balanceOf[from] >= amount, "balance");
        uint256 pct;
        if (!isExcludedFromFees[from] && !isExcludedFromFees[to]) {
            if (automatedMarketMakerPairs[from]) pct = buyFee;
            else if (automatedMarketMakerPairs[to]) pct = sellFee;
        }
        if (pct > 5) pct = 5;
        uint256 fee = amount * pct / 100;
        balanceOf[from] -= amount;
        balanceOf[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
        if (fee > 0) {
            balanceOf[address(this)] += fee;
            emit Transfer(from, address(this), fee);
        }
    }
}
