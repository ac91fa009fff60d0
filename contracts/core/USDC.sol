// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice Devnet USD stablecoin: 6 decimals like the real USDC; the deployer mints test funds.
contract USDC is ERC20, Ownable {
    constructor() ERC20("USD Coin", "USDC", 6) Ownable(msg.sender) {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
