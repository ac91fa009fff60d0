// SPDX-License-Identifier: MIT
// QuestReward ($QRWD) - 10% of supply sits in a quest pool; winners claim it
pragma solidity ^0.8.11;

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

contract QuestRewardToken is IERC20 {
    string public constant name = "QuestReward";
    string public constant symbol = "QRWD";
    uint8 public constant decimals = 18;
    uint256 public constant override totalSupply = 1_000_000_000 ether;

    address public owner;
    bool public claimsPaused;
    uint256 public unallocated;

    mapping(address => uint256) public override balanceOf;
    mapping(address => mapping(address => uint256)) public override allowance;
    mapping(address => uint256) public claimable;

    event Allocated(address indexed winner, uint256 amount);
    event Claimed(address indexed winner, uint256 amount);

    modifier onlyOwner() {
        require(msg.sender == owner, "QRWD: owner only");
        _;
    }

    constructor() {
        owner = msg.sender;
        uint256 pool = totalSupply / 10;
        unallocated = pool;
        balanceOf[address(this)] = pool;
        balanceOf[msg.sender] = totalSupply - pool;
        emit Transfer(address(0), address(this), pool);
        emit Transfer(address(0), msg.sender, totalSupply - pool);
    }

    /// @notice assigns part of the quest pool to a winner (bounded by what is left in the pool)
    function allocate(address winner, uint256 amount) external onlyOwner {
        require(amount <= unallocated, "QRWD: pool exhausted");
        unallocated -= amount;
        claimable[winner] += amount;
        emit Allocated(winner, amount);
    }

    /// @notice pauses quest claims only; transfers are never paused
    function pauseClaims(bool paused) external onlyOwner {
        claimsPaused = paused;
    }

    function claim() external {
        require(!claimsPaused, "QRWD: claims paused");
        uint256 amount = claimable[msg.sender];
        require(amount > 0, "QRWD: nothing to claim");
        claimable[msg.sender] = 0;
        _transfer(address(this), msg.sender, amount);
        emit Claimed(msg.sender, amount);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        owner = newOwner;
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
            require(allowed >= amount, "QRWD: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "QRWD: zero address");
        require(balanceOf[from] >= amount, "QRWD: balance");
        unchecked {
            balanceOf[from] -= amount;
            balanceOf[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}
