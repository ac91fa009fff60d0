pragma solidity ^0.5.0;

// Fee on trades with the DEX pair, credited inside the ledger to a marketing wallet.
// Every setter is bounded: the fee can never exceed 5%. No external calls in the transfer path.
contract PairFeeCapped05 {
    string public name = "Pair Fee";
    string public symbol = "PFEE";
    uint8 public decimals = 9;
    uint256 public totalSupply;
    address public owner;
    address public pair;
    address public marketingWallet;
    uint256 public taxFee; // percent
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public isExcludedFromFee;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address _pairFactoryHint) public {
        owner = msg.sender;
        marketingWallet = msg.sender;
        pair = _pairFactoryHint;
        taxFee = 3;
        totalSupply = 1e18;
        balanceOf[msg.sender] = totalSupply;
        isExcludedFromFee[msg.sender] = true;
    }

    modifier onlyOwner() { require(msg.sender == owner, "owner"); _; }

    // Decoys: all bounded or harmless.
    function setTaxFee(uint256 fee) external onlyOwner { require(fee <= 5, "max 5%"); taxFee = fee; }
    function setPair(address newPair) external onlyOwner { pair = newPair; }
    function setMarketingWallet(address wallet) external onlyOwner { marketingWallet = wallet; }
    function excludeFromFee(address account) external onlyOwner { isExcludedFromFee[account] = true; }
    function includeInFee(address account) external onlyOwner { isExcludedFromFee[account] = false; }
    function renounceOwnership() external onlyOwner { owner = address(0); }

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
        uint256 fee = 0;
        bool trade = from == pair || to == pair;
        if (trade && !isExcludedFromFee[from] && !isExcludedFromFee[to]) {
            uint256 rate = taxFee > 5 ? 5 : taxFee;
            fee = value * rate / 100;
        }
        balanceOf[from] -= value;
        balanceOf[to] += value - fee;
        emit Transfer(from, to, value - fee);
        if (fee > 0) {
            balanceOf[marketingWallet] += fee;
            emit Transfer(from, marketingWallet, fee);
        }
    }
}
