// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12;

// The owner can edit a description and a links list, and freeze() that configuration for good.
// "freeze" concerns the owner's own config only; balances are never frozen.
contract Ownable06 {
    address public owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);
    constructor() internal { owner = msg.sender; emit OwnershipTransferred(address(0), msg.sender); }
    modifier onlyOwner() { require(owner == msg.sender, "Ownable: caller is not the owner"); _; }
    function renounceOwnership() public virtual onlyOwner { emit OwnershipTransferred(owner, address(0)); owner = address(0); }
    function transferOwnership(address newOwner) public virtual onlyOwner {
        require(newOwner != address(0), "Ownable: zero");
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }
}

contract FreezableConfig06 is Ownable06 {
    string public constant name = "Freezable Config";
    string public constant symbol = "FRZ";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    string public description;
    string[] public links;
    bool public frozen;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event ConfigFrozen();

    constructor() public {
        totalSupply = 1e24;
        balanceOf[msg.sender] = totalSupply;
    }

    modifier notFrozen() { require(!frozen, "config frozen"); _; }

    // Decoys.
    function setDescription(string calldata text) external onlyOwner notFrozen { description = text; }
    function addLink(string calldata url) external onlyOwner notFrozen { links.push(url); }
    function freeze() external onlyOwner { frozen = true; emit ConfigFrozen(); }

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
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
