pragma solidity ^0.5.0;

// Two-step ownership. The owner's "max transaction" limit applies to the owner's OWN transfers
// only (a self-imposed anti-dump promise); holders are never limited.
contract TwoStepOwner05 {
    string public name = "Two Step";
    string public symbol = "TWO";
    uint8 public decimals = 18;
    uint256 public totalSupply;
    address public owner;
    address public pendingOwner;
    uint256 public ownerMaxTx;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() public {
        owner = msg.sender;
        totalSupply = 3e25;
        balanceOf[msg.sender] = totalSupply;
    }

    modifier onlyOwner() { require(msg.sender == owner, "owner"); _; }

    // Decoys.
    function setMaxTx(uint256 amount) external onlyOwner { ownerMaxTx = amount; }
    function transferOwnership(address next) external onlyOwner { pendingOwner = next; }
    function acceptOwnership() external {
        require(msg.sender == pendingOwner, "pending");
        emit OwnershipTransferred(owner, msg.sender);
        owner = msg.sender;
        pendingOwner = address(0);
    }
    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(owner, address(0));
        owner = address(0);
        pendingOwner = address(0);
    }

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

    function _transfer(address from, address to, uint256 value) internal {
        if (from == owner && ownerMaxTx != 0) require(value <= ownerMaxTx, "owner max tx");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
