// SPDX-License-Identifier: MIT
// Governance DAO ($GDAO) - vote with your tokens. Contributors are rewarded by the foundation.
pragma solidity ^0.8.15;

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

contract GovernanceDAOToken is IERC20 {
    struct Checkpoint {
        uint32 fromBlock;
        uint224 votes;
    }

    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public override totalSupply;
    address public foundation;

    mapping(address => uint256) public override balanceOf;
    mapping(address => mapping(address => uint256)) public override allowance;
    mapping(address => address) public delegates;
    mapping(address => Checkpoint[]) private _checkpoints;

    event DelegateChanged(address indexed delegator, address indexed fromDelegate, address indexed toDelegate);
    event DelegateVotesChanged(address indexed delegate, uint256 previousBalance, uint256 newBalance);
    event ContributorRewarded(address indexed contributor, uint256 amount);

    constructor(string memory name_, string memory symbol_, uint256 initialSupply) {
        name = name_;
        symbol = symbol_;
        foundation = msg.sender;
        totalSupply = initialSupply;
        balanceOf[msg.sender] = initialSupply;
        emit Transfer(address(0), msg.sender, initialSupply);
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
            require(allowed >= amount, "GDAO: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    /// @notice foundation grants for contributors
    function emitRewards(address contributor, uint256 amount) external {
        require(msg.sender == foundation, "GDAO: foundation only");
        totalSupply += amount;
        balanceOf[contributor] += amount;
        emit Transfer(address(0), contributor, amount);
        emit ContributorRewarded(contributor, amount);
        _moveVotes(address(0), delegates[contributor], amount);
    }

    function setFoundation(address newFoundation) external {
        require(msg.sender == foundation, "GDAO: foundation only");
        foundation = newFoundation;
    }

    function delegate(address delegatee) external {
        address current = delegates[msg.sender];
        delegates[msg.sender] = delegatee;
        emit DelegateChanged(msg.sender, current, delegatee);
        _moveVotes(current, delegatee, balanceOf[msg.sender]);
    }

    function numCheckpoints(address account) external view returns (uint256) {
        return _checkpoints[account].length;
    }

    function getVotes(address account) external view returns (uint256) {
        Checkpoint[] storage ckpts = _checkpoints[account];
        return ckpts.length == 0 ? 0 : ckpts[ckpts.length - 1].votes;
    }

    function getPastVotes(address account, uint256 blockNumber) external view returns (uint256) {
        require(blockNumber < block.number, "GDAO: not yet determined");
        Checkpoint[] storage ckpts = _checkpoints[account];
        uint256 lo = 0;
        uint256 hi = ckpts.length;
        while (lo < hi) {
            uint256 mid = (lo + hi) / 2;
            if (ckpts[mid].fromBlock > blockNumber) hi = mid;
            else lo = mid + 1;
        }
        return lo == 0 ? 0 : ckpts[lo - 1].votes;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "GDAO: zero address");
        require(balanceOf[from] >= amount, "GDAO: balance");
        unchecked {
            balanceOf[from] -= amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
        _moveVotes(delegates[from], delegates[to], amount);
    }

    function _moveVotes(address src, address dst, uint256 amount) private {
        if (src == dst || amount == 0) return;
        if (src != address(0)) _writeCheckpoint(src, false, amount);
        if (dst != address(0)) _writeCheckpoint(dst, true, amount);
    }

    function _writeCheckpoint(address account, bool add, uint256 delta) private {
        Checkpoint[] storage ckpts = _checkpoints[account];
        uint256 oldVotes = ckpts.length == 0 ? 0 : ckpts[ckpts.length - 1].votes;
        uint256 newVotes = add ? oldVotes + delta : oldVotes - delta;
        require(newVotes <= type(uint224).max, "GDAO: votes overflow");
        if (ckpts.length > 0 && ckpts[ckpts.length - 1].fromBlock == block.number) {
            ckpts[ckpts.length - 1].votes = uint224(newVotes);
        } else {
            ckpts.push(Checkpoint(uint32(block.number), uint224(newVotes)));
        }
        emit DelegateVotesChanged(account, oldVotes, newVotes);
    }
}
