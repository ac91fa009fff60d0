// SPDX-License-Identifier: MIT
// Meridian DAO ($MRDN) - snapshot-based voting token
pragma solidity ^0.8.12;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
}

abstract contract Ownable {
    address private _owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    modifier onlyOwner() {
        require(msg.sender == _owner, "Ownable: caller is not the owner");
        _;
    }

    function owner() public view returns (address) {
        return _owner;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "Ownable: zero");
        emit OwnershipTransferred(_owner, newOwner);
        _owner = newOwner;
    }
}

contract MeridianDAO is IERC20, Ownable {
    struct Snapshots {
        uint256[] ids;
        uint256[] values;
    }

    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public immutable override totalSupply;
    uint256 public currentSnapshotId;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => Snapshots) private _accountSnapshots;

    event Snapshot(uint256 id);

    constructor(string memory name_, string memory symbol_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        totalSupply = supply;
        _balances[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    /// @notice records balances for a governance vote (read-only effect on holders)
    function snapshot() external onlyOwner returns (uint256) {
        currentSnapshotId += 1;
        emit Snapshot(currentSnapshotId);
        return currentSnapshotId;
    }

    function balanceOfAt(address account, uint256 snapshotId) external view returns (uint256) {
        require(snapshotId > 0 && snapshotId <= currentSnapshotId, "MRDN: bad snapshot id");
        Snapshots storage s = _accountSnapshots[account];
        for (uint256 i = 0; i < s.ids.length; i++) {
            if (s.ids[i] >= snapshotId) return s.values[i];
        }
        return _balances[account];
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _balances[account];
    }

    function allowance(address holder, address spender) external view override returns (uint256) {
        return _allowances[holder][spender];
    }

    function approve(address spender, uint256 amount) external override returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external override returns (bool) {
        uint256 current = _allowances[from][msg.sender];
        if (current != type(uint256).max) {
            require(current >= amount, "MRDN: allowance");
            _allowances[from][msg.sender] = current - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _updateSnapshot(address account) private {
        uint256 id = currentSnapshotId;
        if (id == 0) return;
        Snapshots storage s = _accountSnapshots[account];
        uint256 n = s.ids.length;
        if (n == 0 || s.ids[n - 1] < id) {
            s.ids.push(id);
            s.values.push(_balances[account]);
        }
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "MRDN: zero address");
        require(_balances[from] >= amount, "MRDN: balance");
        _updateSnapshot(from);
        _updateSnapshot(to);
        unchecked {
            _balances[from] -= amount;
            _balances[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}
