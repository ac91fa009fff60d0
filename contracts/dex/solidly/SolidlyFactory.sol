// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {SolidlyPool} from "./SolidlyPool.sol";

/// @notice Aerodrome / Velodrome V2 pool factory interface: one stable and one volatile pool per
/// token pair; fees in basis points (stable 5, volatile 30, like Aerodrome's defaults).
contract SolidlyFactory {
    uint256 public stableFee = 5;
    uint256 public volatileFee = 30;
    mapping(address => mapping(address => mapping(bool => address))) public getPool;
    mapping(address => bool) public isPool;
    address[] public allPools;

    event PoolCreated(address indexed token0, address indexed token1, bool indexed stable, address pool, uint256);

    function allPoolsLength() external view returns (uint256) {
        return allPools.length;
    }

    function getFee(address pool, bool stable) external view returns (uint256) {
        require(isPool[pool], "not a pool");
        return stable ? stableFee : volatileFee;
    }

    function createPool(address tokenA, address tokenB, bool stable) external returns (address pool) {
        require(tokenA != tokenB && tokenA != address(0) && tokenB != address(0), "bad tokens");
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        require(getPool[token0][token1][stable] == address(0), "exists");
        SolidlyPool created = new SolidlyPool();
        pool = address(created);
        // Registered before initialize: the pool reads its fee from here from its first call on.
        isPool[pool] = true;
        created.initialize(token0, token1, stable);
        getPool[token0][token1][stable] = pool;
        getPool[token1][token0][stable] = pool;
        allPools.push(pool);
        emit PoolCreated(token0, token1, stable, pool, allPools.length);
    }
}
