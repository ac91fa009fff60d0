// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice The service's own 18-decimal token, staked in StakingVault for plan benefits.
contract ServiceToken is ERC20, Ownable {
    constructor(uint256 supply) ERC20("Sentinel Service Token", "SNTL", 18) Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
