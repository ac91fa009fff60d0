// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20Like} from "../dex/Interfaces.sol";

/// @notice The devnet's LP locker: holds LP tokens until a date. Its read side answers like the
/// most used locker on mainnet (UNCX's V2 locker: `getNumLocksForToken`, `tokenLocks`), so the
/// service reads both with one reader.
contract LiquidityLocker {
    struct TokenLock {
        uint256 lockDate;
        uint256 amount;
        uint256 initialAmount;
        uint256 unlockDate;
        uint256 lockID;
        address owner;
    }

    mapping(address => TokenLock[]) public tokenLocks;
    uint256 private nextLockId;

    event Locked(address indexed lpToken, address indexed owner, uint256 amount, uint256 unlockDate);
    event Withdrawn(address indexed lpToken, address indexed owner, uint256 amount);

    function lock(address lpToken, uint256 amount, uint256 unlockDate) external {
        require(unlockDate > block.timestamp, "unlock date in the past");
        require(IERC20Like(lpToken).transferFrom(msg.sender, address(this), amount), "transfer failed");
        tokenLocks[lpToken].push(TokenLock(block.timestamp, amount, amount, unlockDate, nextLockId++, msg.sender));
        emit Locked(lpToken, msg.sender, amount, unlockDate);
    }

    function withdraw(address lpToken, uint256 index, uint256 amount) external {
        TokenLock storage l = tokenLocks[lpToken][index];
        require(l.owner == msg.sender, "not the owner");
        require(block.timestamp >= l.unlockDate, "still locked");
        l.amount -= amount;
        require(IERC20Like(lpToken).transfer(msg.sender, amount), "transfer failed");
        emit Withdrawn(lpToken, msg.sender, amount);
    }

    function getNumLocksForToken(address lpToken) external view returns (uint256) {
        return tokenLocks[lpToken].length;
    }
}
