pragma solidity ^0.5.0;

// A "blacklist" that is only a public report registry: transfers never read it.
contract ReportRegistry05 {
    string public name = "Report Registry";
    string public symbol = "RPT";
    uint8 public decimals = 18;
    uint256 public totalSupply = 1e27;
    address public owner;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public isBlacklisted;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Blacklisted(address indexed account, bool flagged);

    constructor() public {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    // Decoys: informational flags for explorers; not consulted by transfer/transferFrom.
    function blacklist(address account) external {
        require(msg.sender == owner, "owner");
        isBlacklisted[account] = true;
        emit Blacklisted(account, true);
    }

    function unblacklist(address account) external {
        require(msg.sender == owner, "owner");
        isBlacklisted[account] = false;
        emit Blacklisted(account, false);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        return _transfer(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        if (allowed != uint256(-1)) allowance[from][msg.sender] = allowed - value;
        return _transfer(from, to, value);
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) internal returns (bool) {
        require(to != address(0), "zero");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
        return true;
    }
}
