pragma solidity ^0.5.0;

// Vesting token: anyone can lock part of their OWN balance for a beneficiary, released linearly.
// Escrowed tokens sit in the contract's own balance; nobody can revoke or redirect them.
contract VestingEscrow05 {
    struct Grant { address beneficiary; uint128 total; uint128 released; uint64 start; uint64 duration; }

    string public constant name = "Vesting Escrow";
    string public constant symbol = "VEST";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    Grant[] public grants;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event GrantCreated(uint256 indexed id, address indexed beneficiary, uint256 amount);

    constructor() public {
        totalSupply = 1e26;
        balanceOf[msg.sender] = totalSupply;
    }

    function createGrant(address beneficiary, uint128 amount, uint64 duration) external returns (uint256 id) {
        require(duration > 0, "duration");
        _move(msg.sender, address(this), amount);
        id = grants.length;
        grants.push(Grant(beneficiary, amount, 0, uint64(block.timestamp), duration));
        emit GrantCreated(id, beneficiary, amount);
    }

    function releasable(uint256 id) public view returns (uint256) {
        Grant storage g = grants[id];
        uint256 elapsed = block.timestamp - g.start;
        uint256 vested = elapsed >= g.duration ? g.total : uint256(g.total) * elapsed / g.duration;
        return vested - g.released;
    }

    // Anyone may trigger; tokens always go to the beneficiary fixed at creation.
    function release(uint256 id) external {
        uint256 amount = releasable(id);
        grants[id].released += uint128(amount);
        _move(address(this), grants[id].beneficiary, amount);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(allowance[from][msg.sender] >= value, "allowance");
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
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
