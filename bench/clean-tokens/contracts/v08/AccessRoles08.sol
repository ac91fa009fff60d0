// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Role-based admin whose roles guard only a treasury label, a token URI and a rewards pause.
// Rewards are paid from the contract's own pool; transfers never consult any role or flag.
abstract contract Roles08 {
    bytes32 public constant DEFAULT_ADMIN_ROLE = 0x00;
    mapping(bytes32 => mapping(address => bool)) private _members;
    event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender);
    event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender);

    error MissingRole(bytes32 role, address account);

    modifier onlyRole(bytes32 role) {
        if (!_members[role][msg.sender]) revert MissingRole(role, msg.sender);
        _;
    }

    function hasRole(bytes32 role, address account) public view returns (bool) { return _members[role][account]; }
    function grantRole(bytes32 role, address account) external onlyRole(DEFAULT_ADMIN_ROLE) { _grant(role, account); }
    function revokeRole(bytes32 role, address account) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _members[role][account] = false;
        emit RoleRevoked(role, account, msg.sender);
    }
    function _grant(bytes32 role, address account) internal {
        _members[role][account] = true;
        emit RoleGranted(role, account, msg.sender);
    }
}

contract AccessRoles08 is Roles08 {
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant URI_SETTER_ROLE = keccak256("URI_SETTER_ROLE");
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE"); // reserved name, guards nothing

    string public constant name = "Access Roles";
    string public constant symbol = "ROLE8";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    string public tokenURI;
    address public treasuryLabel;
    bool public rewardsPaused;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => uint256) public rewardClaimedAt;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        _grant(DEFAULT_ADMIN_ROLE, msg.sender);
        totalSupply = 1e27;
        balanceOf[msg.sender] = 9e26;
        balanceOf[address(this)] = 1e26;
    }

    // Decoys.
    function setTokenURI(string calldata uri) external onlyRole(URI_SETTER_ROLE) { tokenURI = uri; }
    function setTreasury(address t) external onlyRole(DEFAULT_ADMIN_ROLE) { treasuryLabel = t; }
    function pause() external onlyRole(PAUSER_ROLE) { rewardsPaused = true; }
    function unpause() external onlyRole(PAUSER_ROLE) { rewardsPaused = false; }

    // Daily reward of 1 token per caller from the contract's own pool.
    function claimReward() external {
        require(!rewardsPaused, "rewards paused");
        require(block.timestamp >= rewardClaimedAt[msg.sender] + 1 days, "once a day");
        rewardClaimedAt[msg.sender] = block.timestamp;
        _move(address(this), msg.sender, 1e18);
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
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
