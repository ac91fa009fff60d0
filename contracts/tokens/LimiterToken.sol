// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";
import {PairAware} from "./PairAware.sol";

/// @notice Anti-whale token: caps every transfer at maxTxAmount and makes each wallet wait
/// tradeCooldown seconds between trades (transfers from/to a pair). The owner is exempt.
contract LimiterToken is ERC20, PairAware {
    uint256 public maxTxAmount;
    uint256 public tradeCooldown = 60;
    mapping(address => uint256) public lastTradeAt;
    mapping(address => bool) public isExempt;

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        maxTxAmount = supply / 100;
        isExempt[msg.sender] = true;
        _mint(msg.sender, supply);
    }

    function setLimits(uint256 maxTxAmount_, uint256 tradeCooldown_) external onlyOwner {
        maxTxAmount = maxTxAmount_;
        tradeCooldown = tradeCooldown_;
    }

    function setExempt(address account, bool exempt) external onlyOwner {
        isExempt[account] = exempt;
    }

    function _update(address from, address to, uint256 amount) internal override {
        if (!isExempt[from] && !isExempt[to]) {
            require(amount <= maxTxAmount, "Limiter: exceeds max transaction");
            if (isPair[from] || isPair[to]) {
                address trader = isPair[from] ? to : from;
                require(block.timestamp >= lastTradeAt[trader] + tradeCooldown, "Limiter: cooldown");
                lastTradeAt[trader] = block.timestamp;
            }
        }
        _move(from, to, amount);
    }
}
