// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice Ownable, and its owner renounces right after deployment, so it reads as ownerless. But
/// `airdropReserve` is gated by a compile-time constant address, not by owner(): that wallet can
/// create supply forever, whatever happens to ownership. Devnet backdoor fixture; the constant is
/// the devnet demo wallet `trader1` (anvil dev account 8).
contract HardcodedToken is ERC20, Ownable {
    address private constant RESERVE = 0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f;

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    /// @notice "Tops up the airdrop reserve": credits `amount` new tokens to the reserve wallet.
    function airdropReserve(uint256 amount) external {
        require(msg.sender == RESERVE, "reserve only");
        _mint(RESERVE, amount);
    }
}
