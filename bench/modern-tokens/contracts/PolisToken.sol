// SPDX-License-Identifier: MIT
// Polis ($POLIS) - governance token: EIP-2612 permit + delegated, checkpointed votes
pragma solidity ^0.8.24;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
}

contract PolisToken is IERC20 {
    error ExpiredSignature(uint256 deadline);
    error InvalidSignature();
    error InsufficientBalance();
    error InsufficientAllowance();
    error FutureLookup(uint256 timepoint);

    struct Checkpoint {
        uint48 key;
        uint208 value;
    }

    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 private constant DELEGATION_TYPEHASH = keccak256("Delegation(address delegatee,uint256 nonce,uint256 expiry)");

    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public immutable totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => uint256) public nonces;
    mapping(address => address) public delegates;
    mapping(address => Checkpoint[]) private _votes;

    bytes32 private immutable _domainSeparator;
    uint256 private immutable _chainId;

    event DelegateChanged(address indexed delegator, address indexed fromDelegate, address indexed toDelegate);
    event DelegateVotesChanged(address indexed delegate, uint256 previousVotes, uint256 newVotes);

    constructor(string memory name_, string memory symbol_, uint256 totalSupply_) {
        name = name_;
        symbol = symbol_;
        totalSupply = totalSupply_;
        _chainId = block.chainid;
        _domainSeparator = _separator();
        balanceOf[msg.sender] = totalSupply_;
        emit Transfer(address(0), msg.sender, totalSupply_);
    }

    function _separator() private view returns (bytes32) {
        return keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256(bytes(name)),
                keccak256("1"),
                block.chainid,
                address(this)
            )
        );
    }

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return block.chainid == _chainId ? _domainSeparator : _separator();
    }

    function clock() public view returns (uint48) {
        return uint48(block.number);
    }

    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        if (block.timestamp > deadline) revert ExpiredSignature(deadline);
        bytes32 digest = keccak256(
            abi.encodePacked(
                "\x19\x01",
                DOMAIN_SEPARATOR(),
                keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, nonces[owner]++, deadline))
            )
        );
        address signer = ecrecover(digest, v, r, s);
        if (signer == address(0) || signer != owner) revert InvalidSignature();
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }

    function delegate(address delegatee) external {
        _delegate(msg.sender, delegatee);
    }

    function delegateBySig(address delegatee, uint256 nonce, uint256 expiry, uint8 v, bytes32 r, bytes32 s) external {
        if (block.timestamp > expiry) revert ExpiredSignature(expiry);
        bytes32 digest = keccak256(
            abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), keccak256(abi.encode(DELEGATION_TYPEHASH, delegatee, nonce, expiry)))
        );
        address signer = ecrecover(digest, v, r, s);
        if (signer == address(0) || nonce != nonces[signer]++) revert InvalidSignature();
        _delegate(signer, delegatee);
    }

    function getVotes(address account) public view returns (uint256) {
        Checkpoint[] storage c = _votes[account];
        return c.length == 0 ? 0 : c[c.length - 1].value;
    }

    function getPastVotes(address account, uint256 timepoint) external view returns (uint256) {
        if (timepoint >= clock()) revert FutureLookup(timepoint);
        Checkpoint[] storage c = _votes[account];
        uint256 lo;
        uint256 hi = c.length;
        while (lo < hi) {
            uint256 mid = (lo + hi) >> 1;
            if (c[mid].key > timepoint) hi = mid;
            else lo = mid + 1;
        }
        return hi == 0 ? 0 : c[hi - 1].value;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 a = allowance[from][msg.sender];
        if (a != type(uint256).max) {
            if (a < value) revert InsufficientAllowance();
            unchecked {
                allowance[from][msg.sender] = a - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    function _delegate(address account, address delegatee) private {
        address old = delegates[account];
        delegates[account] = delegatee;
        emit DelegateChanged(account, old, delegatee);
        _moveVotes(old, delegatee, balanceOf[account]);
    }

    function _transfer(address from, address to, uint256 value) private {
        uint256 bal = balanceOf[from];
        if (bal < value) revert InsufficientBalance();
        unchecked {
            balanceOf[from] = bal - value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
        _moveVotes(delegates[from], delegates[to], value);
    }

    function _moveVotes(address from, address to, uint256 amount) private {
        if (from == to || amount == 0) return;
        if (from != address(0)) {
            uint256 prev = getVotes(from);
            _write(_votes[from], prev - amount);
            emit DelegateVotesChanged(from, prev, prev - amount);
        }
        if (to != address(0)) {
            uint256 prev = getVotes(to);
            _write(_votes[to], prev + amount);
            emit DelegateVotesChanged(to, prev, prev + amount);
        }
    }

    function _write(Checkpoint[] storage c, uint256 value) private {
        uint48 key = clock();
        uint256 n = c.length;
        if (n > 0 && c[n - 1].key == key) {
            c[n - 1].value = uint208(value);
        } else {
            c.push(Checkpoint({key: key, value: uint208(value)}));
        }
    }
}
