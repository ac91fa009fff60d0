// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

// Built-in staking escrow: holders stake their own tokens into the contract and can always
// unstake. pause() blocks only NEW stakes; transfers and unstaking never check it.
contract PausableStaking07 {
    string public constant name = "Pausable Staking";
    string public constant symbol = "PSTK";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    bool public stakingPaused;
    uint256 public totalStaked;
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) public stakedOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Paused(bool paused);

    constructor() {
        owner = msg.sender;
        totalSupply = 5e26;
        balanceOf[msg.sender] = 5e26;
    }

    // Decoys.
    function pause() external { require(msg.sender == owner, "owner"); stakingPaused = true; emit Paused(true); }
    function unpause() external { require(msg.sender == owner, "owner"); stakingPaused = false; emit Paused(false); }

    function stake(uint256 amount) external {
        require(!stakingPaused, "staking paused");
        _move(msg.sender, address(this), amount);
        stakedOf[msg.sender] += amount;
        totalStaked += amount;
    }

    function unstake(uint256 amount) external {
        require(stakedOf[msg.sender] >= amount, "staked");
        stakedOf[msg.sender] -= amount;
        totalStaked -= amount;
        _move(address(this), msg.sender, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        require(to != address(this), "use stake()");
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(to != address(this), "use stake()");
        require(allowance[from][msg.sender] >= amount, "allowance");
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
