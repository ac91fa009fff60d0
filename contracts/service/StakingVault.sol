// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IStakeToken {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// @notice Holds staked service tokens; the service reads stakedOf to grant plan benefits.
contract StakingVault {
    address public token;
    uint256 public totalStaked;
    mapping(address => uint256) public stakedOf;

    event Staked(address indexed user, uint256 amount);
    event Unstaked(address indexed user, uint256 amount);

    constructor(address token_) {
        token = token_;
    }

    function stake(uint256 amount) external {
        require(amount > 0, "amount is zero");
        require(IStakeToken(token).transferFrom(msg.sender, address(this), amount), "transfer failed");
        stakedOf[msg.sender] += amount;
        totalStaked += amount;
        emit Staked(msg.sender, amount);
    }

    function unstake(uint256 amount) external {
        require(amount > 0 && stakedOf[msg.sender] >= amount, "insufficient stake");
        stakedOf[msg.sender] -= amount;
        totalStaked -= amount;
        require(IStakeToken(token).transfer(msg.sender, amount), "transfer failed");
        emit Unstaked(msg.sender, amount);
    }
}
