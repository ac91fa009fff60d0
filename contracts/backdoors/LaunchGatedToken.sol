// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice Today's launch style: no transfer moves until the owner calls `activate` (only the
/// owner may send or receive before that, so it can hand out the supply at deploy time). The owner
/// also keeps a per-address list (`setRestricted`): a restricted sender's transfers revert.
/// On the devnet it is never activated. Devnet backdoor fixture.
contract LaunchGatedToken is ERC20, Ownable {
    bool public launched;
    mapping(address => bool) public isRestricted;

    event Activated();
    event RestrictionSet(address indexed account, bool restricted);

    error NotLaunched();
    error Restricted(address account);

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    /// @notice Opens transfers for everyone. One way: there is no way back.
    function activate() external onlyOwner {
        launched = true;
        emit Activated();
    }

    function setRestricted(address account, bool restricted) external onlyOwner {
        isRestricted[account] = restricted;
        emit RestrictionSet(account, restricted);
    }

    function _update(address from, address to, uint256 amount) internal override {
        if (!launched) {
            address o = owner();
            if (from != o && to != o) revert NotLaunched();
        }
        if (isRestricted[from]) revert Restricted(from);
        _move(from, to, amount);
    }
}
