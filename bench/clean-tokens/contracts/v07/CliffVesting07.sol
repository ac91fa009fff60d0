// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

// Team allocation escrowed in the token contract itself, released after a cliff then linearly to a
// beneficiary fixed at deployment. Anyone may call release(); nobody can redirect or revoke.
contract CliffVesting07 {
    address public immutable beneficiary;
    uint64 public immutable start;
    uint64 public immutable cliff;
    uint64 public immutable duration;
    uint256 public immutable vestedTotal;

    string public constant name = "Cliff Vesting";
    string public constant symbol = "CLIF";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    uint256 public released;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address team, uint64 cliffSeconds, uint64 durationSeconds) {
        beneficiary = team;
        start = uint64(block.timestamp);
        cliff = uint64(block.timestamp) + cliffSeconds;
        duration = durationSeconds;
        vestedTotal = 2e25;
        totalSupply = 1e26;
        balanceOf[address(this)] = 2e25;
        balanceOf[msg.sender] = 8e25;
    }

    function vestedAmount() public view returns (uint256) {
        if (block.timestamp < cliff) return 0;
        if (duration == 0 || block.timestamp >= start + duration) return vestedTotal;
        return vestedTotal * (block.timestamp - start) / duration;
    }

    function release() external {
        uint256 vested = vestedAmount();
        if (vested <= released) return;
        uint256 amount = vested - released;
        released = vested;
        _move(address(this), beneficiary, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
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
