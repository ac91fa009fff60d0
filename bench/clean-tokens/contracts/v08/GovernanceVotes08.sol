// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// ERC20Votes-style: block-number checkpoints of delegated votes and of total supply, getPastVotes.
// Fixed supply; nobody but a holder can move or delegate that holder's tokens.
contract GovernanceVotes08 {
    struct Checkpoint { uint32 fromBlock; uint224 votes; }

    string public constant name = "Governance Votes";
    string public constant symbol = "GOV8";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => address) public delegates;
    mapping(address => Checkpoint[]) private _checkpoints;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event DelegateChanged(address indexed delegator, address indexed fromDelegate, address indexed toDelegate);

    constructor(address holder) {
        totalSupply = 1e25;
        balanceOf[holder] = 1e25;
        emit Transfer(address(0), holder, 1e25);
    }

    function getVotes(address account) public view returns (uint256) {
        uint256 n = _checkpoints[account].length;
        return n == 0 ? 0 : _checkpoints[account][n - 1].votes;
    }

    function getPastVotes(address account, uint256 blockNumber) external view returns (uint256) {
        require(blockNumber < block.number, "not yet mined");
        Checkpoint[] storage ckpts = _checkpoints[account];
        uint256 lo = 0;
        uint256 hi = ckpts.length;
        while (lo < hi) {
            uint256 mid = (lo + hi) / 2;
            if (ckpts[mid].fromBlock > blockNumber) hi = mid; else lo = mid + 1;
        }
        return hi == 0 ? 0 : ckpts[hi - 1].votes;
    }

    function delegate(address delegatee) external {
        address old = delegates[msg.sender];
        delegates[msg.sender] = delegatee;
        emit DelegateChanged(msg.sender, old, delegatee);
        _moveVotes(old, delegatee, balanceOf[msg.sender]);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
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
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
        _moveVotes(delegates[from], delegates[to], value);
    }

    function _moveVotes(address src, address dst, uint256 amount) private {
        if (src == dst || amount == 0) return;
        if (src != address(0)) _write(src, getVotes(src) - amount);
        if (dst != address(0)) _write(dst, getVotes(dst) + amount);
    }

    function _write(address account, uint256 votes) private {
        Checkpoint[] storage ckpts = _checkpoints[account];
        uint256 n = ckpts.length;
        if (n > 0 && ckpts[n - 1].fromBlock == block.number) {
            ckpts[n - 1].votes = uint224(votes);
        } else {
            ckpts.push(Checkpoint(uint32(block.number), uint224(votes)));
        }
    }
}
