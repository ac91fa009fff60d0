// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IV3FactoryLike, IV3PoolLike, V3TokenMoves} from "./V3Interfaces.sol";

/// @notice The devnet's traders' way into its V3 pools: Uniswap's SwapRouter `exactInputSingle`
/// shape, paying the pool from the trader's allowance inside the callback.
contract V3SwapRouter {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint24 fee;
        address recipient;
        uint256 deadline;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }

    uint160 internal constant MIN_SQRT_RATIO = 4295128739;
    uint160 internal constant MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342;

    address public factory;
    /// The pool being swapped with and who pays it, set for the length of one swap.
    address private activePool;
    address private activePayer;

    constructor(address factory_) {
        factory = factory_;
    }

    function exactInputSingle(ExactInputSingleParams calldata p) external returns (uint256 amountOut) {
        require(block.timestamp <= p.deadline, "expired");
        address pool = IV3FactoryLike(factory).getPool(p.tokenIn, p.tokenOut, p.fee);
        require(pool != address(0), "no pool");
        bool zeroForOne = p.tokenIn < p.tokenOut;
        uint160 limit = p.sqrtPriceLimitX96 != 0 ? p.sqrtPriceLimitX96 : (zeroForOne ? MIN_SQRT_RATIO + 1 : MAX_SQRT_RATIO - 1);
        (activePool, activePayer) = (pool, msg.sender);
        (int256 amount0, int256 amount1) = IV3PoolLike(pool).swap(p.recipient, zeroForOne, int256(p.amountIn), limit, abi.encode(p.tokenIn));
        (activePool, activePayer) = (address(0), address(0));
        amountOut = uint256(-(zeroForOne ? amount1 : amount0));
        require(amountOut >= p.amountOutMinimum, "Too little received");
    }

    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        require(msg.sender == activePool, "not the active pool");
        address tokenIn = abi.decode(data, (address));
        uint256 owed = uint256(amount0Delta > 0 ? amount0Delta : amount1Delta);
        V3TokenMoves.pull(tokenIn, activePayer, msg.sender, owed);
    }
}
