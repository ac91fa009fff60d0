// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";
import {PairAware} from "./PairAware.sol";

/// @notice Takes a percentage of every buy (transfer from a pair) and sell (transfer to a pair)
/// for the fee wallet; the owner can change both percentages at any time.
contract TaxedToken is ERC20, PairAware {
    uint256 public buyFee = 5;
    uint256 public sellFee = 25;
    address public feeWallet;
    mapping(address => bool) public isExcludedFromFees;

    event FeesUpdated(uint256 buyFee, uint256 sellFee);

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        feeWallet = msg.sender;
        isExcludedFromFees[msg.sender] = true;
        _mint(msg.sender, supply);
    }

    function setFees(uint256 buyFee_, uint256 sellFee_) external onlyOwner {
        require(buyFee_ <= 100 && sellFee_ <= 100, "fee above 100%");
        buyFee = buyFee_;
        sellFee = sellFee_;
        emit FeesUpdated(buyFee_, sellFee_);
    }

    function setExcludedFromFees(address account, bool excluded) external onlyOwner {
        isExcludedFromFees[account] = excluded;
    }

    function _update(address from, address to, uint256 amount) internal override {
        uint256 rate;
        if (!isExcludedFromFees[from] && !isExcludedFromFees[to]) {
            if (isPair[from]) rate = buyFee;
            else if (isPair[to]) rate = sellFee;
        }
        uint256 fee = (amount * rate) / 100;
        if (fee > 0) _move(from, feeWallet, fee);
        _move(from, to, amount - fee);
    }
}
