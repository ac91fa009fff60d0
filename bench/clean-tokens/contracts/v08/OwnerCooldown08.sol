// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Two-step ownership. The "cooldown" binds only the owner's own wallet (a self-imposed vesting
// pace); other holders never wait. setCooldown is also capped at one day.
contract OwnerCooldown08 {
    string public constant name = "Owner Cooldown";
    string public constant symbol = "OCD";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    address public pendingOwner;
    uint256 public cooldown;
    uint256 public ownerLastTransfer;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        owner = msg.sender;
        totalSupply = 1e26;
        balanceOf[msg.sender] = 1e26;
    }

    modifier onlyOwner() { require(msg.sender == owner, "owner"); _; }

    // Decoys.
    function setCooldown(uint256 secs) external onlyOwner { require(secs <= 1 days, "max 1 day"); cooldown = secs; }
    function transferOwnership(address next) external onlyOwner { pendingOwner = next; }
    function acceptOwnership() external {
        require(msg.sender == pendingOwner, "not pending");
        (owner, pendingOwner) = (msg.sender, address(0));
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        allowance[from][msg.sender] -= value;
        _move(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        if (from == owner && cooldown != 0) {
            require(block.timestamp >= ownerLastTransfer + cooldown, "owner cooldown");
            ownerLastTransfer = block.timestamp;
        }
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
