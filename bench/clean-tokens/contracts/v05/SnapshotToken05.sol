pragma solidity ^0.5.0;

// Snapshot token: the owner can take snapshots (read-only history), nothing else.
contract SnapshotToken05 {
    struct Snap { uint256[] ids; uint256[] values; }

    string public constant name = "Snapshot Five";
    string public constant symbol = "SNP5";
    uint8 public constant decimals = 18;
    address public owner;
    uint256 public currentSnapshotId;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => Snap) private accountSnaps;
    Snap private supplySnaps;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Snapshot(uint256 id);

    constructor(uint256 supply) public {
        owner = msg.sender;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
    }

    // Decoy: only records history.
    function snapshot() external returns (uint256) {
        require(msg.sender == owner, "owner");
        currentSnapshotId += 1;
        emit Snapshot(currentSnapshotId);
        return currentSnapshotId;
    }

    function balanceOfAt(address account, uint256 id) external view returns (uint256) {
        (bool found, uint256 v) = _valueAt(id, accountSnaps[account]);
        return found ? v : balanceOf[account];
    }

    function totalSupplyAt(uint256 id) external view returns (uint256) {
        (bool found, uint256 v) = _valueAt(id, supplySnaps);
        return found ? v : totalSupply;
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

    function _transfer(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        _record(accountSnaps[from], balanceOf[from]);
        _record(accountSnaps[to], balanceOf[to]);
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _record(Snap storage s, uint256 value) private {
        uint256 n = s.ids.length;
        if (n == 0 || s.ids[n - 1] < currentSnapshotId) {
            s.ids.push(currentSnapshotId);
            s.values.push(value);
        }
    }

    function _valueAt(uint256 id, Snap storage s) private view returns (bool, uint256) {
        require(id > 0 && id <= currentSnapshotId, "bad id");
        for (uint256 i = 0; i < s.ids.length; i++) {
            if (s.ids[i] >= id) return (true, s.values[i]);
        }
        return (false, 0);
    }
}
