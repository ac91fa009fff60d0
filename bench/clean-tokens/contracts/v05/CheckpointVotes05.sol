pragma solidity ^0.5.0;
pragma experimental ABIEncoderV2;

// Compound-style governance token: plain balances plus delegated vote checkpoints.
// Delegation is chosen by each holder; no minter, no guardian powers over balances.
contract CheckpointVotes05 {
    struct Checkpoint { uint32 fromBlock; uint96 votes; }

    string public constant name = "Checkpoint Votes";
    string public constant symbol = "CVOTE";
    uint8 public constant decimals = 18;
    uint256 public constant totalSupply = 10000000e18;

    mapping(address => mapping(address => uint96)) internal allowances;
    mapping(address => uint96) internal balances;
    mapping(address => address) public delegates;
    mapping(address => mapping(uint32 => Checkpoint)) public checkpoints;
    mapping(address => uint32) public numCheckpoints;

    event DelegateChanged(address indexed delegator, address indexed fromDelegate, address indexed toDelegate);
    event DelegateVotesChanged(address indexed delegate, uint previousBalance, uint newBalance);
    event Transfer(address indexed from, address indexed to, uint256 amount);
    event Approval(address indexed owner, address indexed spender, uint256 amount);

    constructor(address account) public {
        balances[account] = uint96(totalSupply);
        emit Transfer(address(0), account, totalSupply);
    }

    function allowance(address account, address spender) external view returns (uint) { return allowances[account][spender]; }
    function balanceOf(address account) external view returns (uint) { return balances[account]; }

    function approve(address spender, uint rawAmount) external returns (bool) {
        uint96 amount = rawAmount == uint(-1) ? uint96(-1) : safe96(rawAmount);
        allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address dst, uint rawAmount) external returns (bool) {
        _transferTokens(msg.sender, dst, safe96(rawAmount));
        return true;
    }

    function transferFrom(address src, address dst, uint rawAmount) external returns (bool) {
        uint96 amount = safe96(rawAmount);
        uint96 spenderAllowance = allowances[src][msg.sender];
        if (msg.sender != src && spenderAllowance != uint96(-1)) {
            require(spenderAllowance >= amount, "allowance");
            allowances[src][msg.sender] = spenderAllowance - amount;
        }
        _transferTokens(src, dst, amount);
        return true;
    }

    function delegate(address delegatee) external {
        address current = delegates[msg.sender];
        delegates[msg.sender] = delegatee;
        emit DelegateChanged(msg.sender, current, delegatee);
        _moveDelegates(current, delegatee, balances[msg.sender]);
    }

    function getCurrentVotes(address account) external view returns (uint96) {
        uint32 n = numCheckpoints[account];
        return n > 0 ? checkpoints[account][n - 1].votes : 0;
    }

    function _transferTokens(address src, address dst, uint96 amount) internal {
        require(balances[src] >= amount, "balance");
        balances[src] -= amount;
        require(balances[dst] + amount >= balances[dst], "overflow");
        balances[dst] += amount;
        emit Transfer(src, dst, amount);
        _moveDelegates(delegates[src], delegates[dst], amount);
    }

    function _moveDelegates(address srcRep, address dstRep, uint96 amount) internal {
        if (srcRep == dstRep || amount == 0) return;
        if (srcRep != address(0)) {
            uint32 n = numCheckpoints[srcRep];
            uint96 old = n > 0 ? checkpoints[srcRep][n - 1].votes : 0;
            _writeCheckpoint(srcRep, n, old, old >= amount ? old - amount : 0);
        }
        if (dstRep != address(0)) {
            uint32 n = numCheckpoints[dstRep];
            uint96 old = n > 0 ? checkpoints[dstRep][n - 1].votes : 0;
            _writeCheckpoint(dstRep, n, old, old + amount);
        }
    }

    function _writeCheckpoint(address delegatee, uint32 n, uint96 oldVotes, uint96 newVotes) internal {
        uint32 blockNumber = uint32(block.number);
        if (n > 0 && checkpoints[delegatee][n - 1].fromBlock == blockNumber) {
            checkpoints[delegatee][n - 1].votes = newVotes;
        } else {
            checkpoints[delegatee][n] = Checkpoint(blockNumber, newVotes);
            numCheckpoints[delegatee] = n + 1;
        }
        emit DelegateVotesChanged(delegatee, oldVotes, newVotes);
    }

    function safe96(uint n) internal pure returns (uint96) {
        require(n < 2**96, "96 bits");
        return uint96(n);
    }
}
