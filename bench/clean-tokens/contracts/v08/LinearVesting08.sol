// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Per-holder linear vesting schedules funded from the funder's OWN balance. Schedules are
// irrevocable; release() can be called by anyone and always pays the recorded beneficiary.
contract LinearVesting08 {
    struct Schedule { address beneficiary; uint64 start; uint64 duration; uint128 amount; uint128 claimed; }

    string public constant name = "Linear Vesting";
    string public constant symbol = "LVST";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    uint256 public scheduleCount;
    mapping(uint256 => Schedule) public schedules;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event ScheduleCreated(uint256 indexed id, address indexed beneficiary, uint256 amount);

    constructor() {
        totalSupply = 6e25;
        balanceOf[msg.sender] = 6e25;
    }

    function createSchedule(address beneficiary, uint64 duration, uint128 amount) external returns (uint256 id) {
        require(duration != 0 && beneficiary != address(0), "bad schedule");
        _move(msg.sender, address(this), amount);
        id = scheduleCount++;
        schedules[id] = Schedule(beneficiary, uint64(block.timestamp), duration, amount, 0);
        emit ScheduleCreated(id, beneficiary, amount);
    }

    function vested(uint256 id) public view returns (uint256) {
        Schedule memory s = schedules[id];
        if (s.duration == 0) return 0;
        uint256 elapsed = block.timestamp - s.start;
        return elapsed >= s.duration ? s.amount : uint256(s.amount) * elapsed / s.duration;
    }

    function release(uint256 id) external {
        Schedule storage s = schedules[id];
        uint256 due = vested(id) - s.claimed;
        s.claimed += uint128(due);
        _move(address(this), s.beneficiary, due);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        allowance[from][msg.sender] -= value;
        _move(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
