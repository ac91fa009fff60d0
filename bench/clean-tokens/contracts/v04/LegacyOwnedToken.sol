pragma solidity ^0.4.24;

library SafeMath04 {
    function add(uint256 a, uint256 b) internal pure returns (uint256 c) {
        c = a + b;
        require(c >= a, "add overflow");
    }
    function sub(uint256 a, uint256 b) internal pure returns (uint256) {
        require(b <= a, "sub underflow");
        return a - b;
    }
}

contract Owned04 {
    address public owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() public { owner = msg.sender; }

    modifier onlyOwner() { require(msg.sender == owner, "not owner"); _; }

    function transferOwnership(address newOwner) public onlyOwner {
        require(newOwner != address(0));
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function renounceOwnership() public onlyOwner {
        emit OwnershipTransferred(owner, address(0));
        owner = address(0);
    }
}

// Ownable token whose owner can only rename it (until frozen) - the ledger is untouchable.
contract LegacyOwnedToken is Owned04 {
    using SafeMath04 for uint256;

    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    bool public metadataFrozen;
    uint256 internal supply_;
    mapping(address => uint256) internal balances;
    mapping(address => mapping(address => uint256)) internal allowed;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event MetadataChanged(string name, string symbol);

    constructor() public {
        name = "Legacy Owned";
        symbol = "LGO";
        supply_ = 21000000 * 10 ** 18;
        balances[msg.sender] = supply_;
    }

    function totalSupply() public view returns (uint256) { return supply_; }
    function balanceOf(address who) public view returns (uint256) { return balances[who]; }
    function allowance(address holder, address spender) public view returns (uint256) { return allowed[holder][spender]; }

    function transfer(address to, uint256 value) public returns (bool) {
        require(to != address(0));
        balances[msg.sender] = balances[msg.sender].sub(value);
        balances[to] = balances[to].add(value);
        emit Transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) public returns (bool) {
        require(to != address(0));
        allowed[from][msg.sender] = allowed[from][msg.sender].sub(value);
        balances[from] = balances[from].sub(value);
        balances[to] = balances[to].add(value);
        emit Transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) public returns (bool) {
        allowed[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    // Decoys: owner-only metadata setters, frozen forever by freezeMetadata().
    function setName(string newName) public onlyOwner {
        require(!metadataFrozen);
        name = newName;
        emit MetadataChanged(name, symbol);
    }

    function setSymbol(string newSymbol) public onlyOwner {
        require(!metadataFrozen);
        symbol = newSymbol;
        emit MetadataChanged(name, symbol);
    }

    function freezeMetadata() public onlyOwner {
        metadataFrozen = true;
    }
}
