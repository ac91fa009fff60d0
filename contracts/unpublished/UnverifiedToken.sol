// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice A plain token whose source is NOT published: the devnet manifest records source null for
/// it, and source verification must not consider files under contracts/unpublished/.
contract UnverifiedToken is ERC20, Ownable {
    /// @dev Makes this bytecode differ from PlainToken's beyond the metadata hash.
    uint256 public constant BUILD = 7;

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }
}
