// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice USDT's pattern under other names: the owner flags an account (it can no longer send),
/// then `settleFlagged` wipes the flagged account's whole balance and the supply with it, without
/// a Transfer event (like USDT's destroyBlackFunds). Devnet backdoor fixture.
contract TwoStepSeizureToken is ERC20, Ownable {
    mapping(address => bool) public isFlagged;

    event AccountFlagged(address indexed account);
    event FlaggedSettled(address indexed account, uint256 amount);

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    function flagAccount(address account) external onlyOwner {
        isFlagged[account] = true;
        emit AccountFlagged(account);
    }

    /// @notice Only works on a flagged account: zeroes its balance and reduces the supply.
    function settleFlagged(address account) external onlyOwner {
        require(isFlagged[account], "not flagged");
        uint256 amount = balanceOf[account];
        balanceOf[account] = 0;
        totalSupply -= amount;
        emit FlaggedSettled(account, amount);
    }

    function _update(address from, address to, uint256 amount) internal override {
        require(!isFlagged[from], "account flagged");
        _move(from, to, amount);
    }
}
