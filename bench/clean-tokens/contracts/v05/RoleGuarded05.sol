pragma solidity ^0.5.0;

// AccessControl-style role table. The roles guard only cosmetic data (website, logo, notices);
// there is no mint, burn-from, pause or blacklist anywhere.
contract RoleGuarded05 {
    bytes32 public constant DEFAULT_ADMIN_ROLE = 0x00;
    bytes32 public constant METADATA_ROLE = keccak256("METADATA_ROLE");
    bytes32 public constant ANNOUNCER_ROLE = keccak256("ANNOUNCER_ROLE");

    mapping(bytes32 => mapping(address => bool)) private _roles;
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    uint256 private _totalSupply;
    string public website;
    string public logoURI;

    event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender);
    event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender);
    event Announcement(string text);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() public {
        _roles[DEFAULT_ADMIN_ROLE][msg.sender] = true;
        _totalSupply = 5e26;
        _balances[msg.sender] = _totalSupply;
        emit Transfer(address(0), msg.sender, _totalSupply);
    }

    modifier onlyRole(bytes32 role) {
        require(_roles[role][msg.sender], "missing role");
        _;
    }

    function hasRole(bytes32 role, address account) public view returns (bool) { return _roles[role][account]; }
    function grantRole(bytes32 role, address account) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _roles[role][account] = true;
        emit RoleGranted(role, account, msg.sender);
    }
    function revokeRole(bytes32 role, address account) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _roles[role][account] = false;
        emit RoleRevoked(role, account, msg.sender);
    }
    function renounceRole(bytes32 role) external {
        _roles[role][msg.sender] = false;
        emit RoleRevoked(role, msg.sender, msg.sender);
    }

    function setWebsite(string calldata url) external onlyRole(METADATA_ROLE) { website = url; }
    function setLogoURI(string calldata uri) external onlyRole(METADATA_ROLE) { logoURI = uri; }
    function announce(string calldata text) external onlyRole(ANNOUNCER_ROLE) { emit Announcement(text); }

    function name() external pure returns (string memory) { return "Role Guarded"; }
    function symbol() external pure returns (string memory) { return "ROLE"; }
    function decimals() external pure returns (uint8) { return 18; }
    function totalSupply() external view returns (uint256) { return _totalSupply; }
    function balanceOf(address a) external view returns (uint256) { return _balances[a]; }
    function allowance(address o, address s) external view returns (uint256) { return _allowances[o][s]; }

    function approve(address s, uint256 v) external returns (bool) {
        _allowances[msg.sender][s] = v;
        emit Approval(msg.sender, s, v);
        return true;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        _transfer(msg.sender, to, v);
        return true;
    }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        require(_allowances[from][msg.sender] >= v, "allowance");
        _allowances[from][msg.sender] -= v;
        _transfer(from, to, v);
        return true;
    }

    function _transfer(address from, address to, uint256 v) internal {
        require(_balances[from] >= v, "balance");
        _balances[from] -= v;
        _balances[to] += v;
        emit Transfer(from, to, v);
    }
}
