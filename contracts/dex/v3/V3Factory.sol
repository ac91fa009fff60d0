// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {V3Pool} from "./V3Pool.sol";

/// @notice Uniswap V3's factory interface for the devnet's full-range V3 pools: one pool per token
/// pair and fee tier (100, 500, 3000, 10000 hundredths of a bip).
contract V3Factory {
    address public owner;
    mapping(uint24 => int24) public feeAmountTickSpacing;
    mapping(address => mapping(address => mapping(uint24 => address))) public getPool;
    address[] public allPools;

    event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool);

    constructor() {
        owner = msg.sender;
        feeAmountTickSpacing[100] = 1;
        feeAmountTickSpacing[500] = 10;
        feeAmountTickSpacing[3000] = 60;
        feeAmountTickSpacing[10000] = 200;
    }

    function allPoolsLength() external view returns (uint256) {
        return allPools.length;
    }

    function createPool(address tokenA, address tokenB, uint24 fee) external returns (address pool) {
        require(tokenA != tokenB && tokenA != address(0) && tokenB != address(0), "bad tokens");
        int24 spacing = feeAmountTickSpacing[fee];
        require(spacing != 0, "fee tier");
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        require(getPool[token0][token1][fee] == address(0), "exists");
        V3Pool created = new V3Pool();
        created.initialize(token0, token1, fee, spacing);
        pool = address(created);
        getPool[token0][token1][fee] = pool;
        getPool[token1][token0][fee] = pool;
        allPools.push(pool);
        emit PoolCreated(token0, token1, fee, spacing, pool);
    }
}
