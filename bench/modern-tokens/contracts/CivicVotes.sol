// SPDX-License-Identifier: MIT
// Civic ($CIVIC) - governance token with delegation and historical voting power
pragma solidity ^0.8.17;

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

contract CivicVotes is IERC20 {
    struct Checkpoint {
        uint32 fromBlock;
        uint224 votes;
    }

    string public constant name = "Civic Governance";
    string public constant symbol = "CIVIC";
    uint8 public constant decimals = 18;
    uint256 public constant override totalSupply = 100_000_000 ether;

    mapping(address => uint256) public override balanceOf;
    mapping(address => mapping(address => uint256)) public override allowance;
    mapping(address => address) private _delegates;
    mapping(address => Checkpoint[]) private _checkpoints;
    Checkpoint[] private _supplyCheckpoints;

    event DelegateChanged(address indexed delegator, address indexed fromDelegate, address indexed toDelegate);
    event DelegateVotesChanged(address indexed delegate, uint256 previousBalance, uint256 newBalance);

    constructor() {
        balanceOf[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
        _supplyCheckpoints.push(Checkpoint(uint32(block.number), uint224(totalSupply)));
    }

    function delegates(address account) external view returns (address) {
        return _delegates[account];
    }

    function approve(address spender, uint256 amount) external override returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external override returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "CIVIC: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function delegate(address delegatee) external {
        address old = _delegates[msg.sender];
        _delegates[msg.sender] = delegatee;
        emit DelegateChanged(msg.sender, old, delegatee);
        _moveVotingPower(old, delegatee, balanceOf[msg.sender]);
    }

    function getVotes(address account) public view returns (uint256) {
        uint256 n = _checkpoints[account].length;
        return n == 0 ? 0 : _checkpoints[account][n - 1].votes;
    }

    function getPastVotes(address account, uint256 blockNumber) external view returns (uint256) {
        require(blockNumber < block.number, "CIVIC: block not yet mined");
        return _lookup(_checkpoints[account], blockNumber);
    }

    function getPastTotalSupply(uint256 blockNumber) external view returns (uint256) {
        require(blockNumber < block.number, "CIVIC: block not yet mined");
        return _lookup(_supplyCheckpoints, blockNumber);
    }

    function _lookup(Checkpoint[] storage ckpts, uint256 blockNumber) private view returns (uint256) {
        uint256 high = ckpts.length;
        uint256 low = 0;
        while (low < high) {
            uint256 mid = (low & high) + (low ^ high) / 2;
            if (ckpts[mid].fromBlock > blockNumber) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return high == 0 ? 0 : ckpts[high - 1].votes;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "CIVIC: zero address");
        uint256 bal = balanceOf[from];
        require(bal >= amount, "CIVIC: balance");
        unchecked {
            balanceOf[from] = bal - amount;
            balanceOf[to] += amount;
        }
        emit Transfer(from, to, amount);
        _moveVotingPower(_delegates[from], _delegates[to], amount);
    }

    function _moveVotingPower(address src, address dst, uint256 amount) private {
        if (src == dst || amount == 0) return;
        if (src != address(0)) {
            (uint256 oldW, uint256 newW) = _push(_checkpoints[src], getVotes(src) - amount);
            emit DelegateVotesChanged(src, oldW, newW);
        }
        if (dst != address(0)) {
            (uint256 oldW, uint256 newW) = _push(_checkpoints[dst], getVotes(dst) + amount);
            emit DelegateVotesChanged(dst, oldW, newW);
        }
    }

    function _push(Checkpoint[] storage ckpts, uint256 newWeight) private returns (uint256 oldWeight, uint256) {
        uint256 pos = ckpts.length;
        oldWeight = pos == 0 ? 0 : ckpts[pos - 1].votes;
        if (pos > 0 && ckpts[pos - 1].fromBlock == block.number) {
            ckpts[pos - 1].votes = uint224(newWeight);
        } else {
            ckpts.push(Checkpoint(uint32(block.number), uint224(newWeight)));
        }
        return (oldWeight, newWeight);
    }
}
