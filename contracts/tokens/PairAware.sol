// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Ownable} from "../lib/Ownable.sol";

/// @notice Lets a token tell trades (transfers from/to a registered AMM pair) from transfers.
abstract contract PairAware is Ownable {
    mapping(address => bool) public isPair;

    function setPair(address pair, bool enabled) external onlyOwner {
        isPair[pair] = enabled;
    }
}
