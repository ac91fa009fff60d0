// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice Fixed-supply token with no owner powers; the devnet renounces its ownership.
contract CleanToken is ERC20, Ownable {
    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }
}
