// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// "blacklist" and "setBots" only log or record flags for off-chain tooling; _update never reads them.
contract SilentBlacklist08 {
    error NotOwner();
    error Balance();
    error Allowance();

    string public constant name = "Silent Blacklist";
    string public constant symbol = "SLNT";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public bots;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Blacklisted(address indexed account);
    event BotFlag(address indexed account, bool flagged);

    constructor() {
        owner = msg.sender;
        totalSupply = 1e27;
        balanceOf[msg.sender] = 1e27;
    }

    modifier onlyOwner() { if (msg.sender != owner) revert NotOwner(); _; }

    // Decoys.
    function blacklist(address account) external onlyOwner { emit Blacklisted(account); }
    function setBots(address[] calldata accounts, bool flagged) external onlyOwner {
        for (uint256 i; i < accounts.length; ++i) {
            bots[accounts[i]] = flagged;
            emit BotFlag(accounts[i], flagged);
        }
    }
    function renounceOwnership() external onlyOwner { owner = address(0); }

    function transfer(address to, uint256 value) external returns (bool) {
        _update(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 a = allowance[from][msg.sender];
        if (a < value) revert Allowance();
        unchecked { allowance[from][msg.sender] = a - value; }
        _update(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function _update(address from, address to, uint256 value) private {
        uint256 b = balanceOf[from];
        if (b < value) revert Balance();
        unchecked {
            balanceOf[from] = b - value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
