// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice What a "compliance module" answers for each transfer.
interface ITransferGuard {
    function allowTransfer(address from, address to, uint256 amount) external returns (bool);
}

/// @notice Every transfer asks an outside contract for permission. The owner sets (and can
/// replace) that contract at any time with `setCompliance`, so whatever code it points to decides
/// who may move tokens. address(0) at deployment: transfers are free until the owner sets one.
/// Devnet backdoor fixture.
contract GuardedToken is ERC20, Ownable {
    address public compliance;

    event ComplianceSet(address indexed module);

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    function setCompliance(address module) external onlyOwner {
        compliance = module;
        emit ComplianceSet(module);
    }

    function _update(address from, address to, uint256 amount) internal override {
        address guard = compliance;
        if (guard != address(0)) require(ITransferGuard(guard).allowTransfer(from, to, amount), "blocked");
        _move(from, to, amount);
    }
}
