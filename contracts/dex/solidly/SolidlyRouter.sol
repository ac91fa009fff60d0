// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ISolidlyFactoryLike, ISolidlyPoolLike, SolidlyTokenMoves} from "./SolidlyInterfaces.sol";

/// @notice The Aerodrome / Velodrome V2 router's routes and the calls the devnet and the trade
/// simulator use: quotes over a route list, the fee-on-transfer exact-input swap, add liquidity.
contract SolidlyRouter {
    struct Route {
        address from;
        address to;
        bool stable;
        address factory;
    }

    address public defaultFactory;

    constructor(address factory_) {
        defaultFactory = factory_;
    }

    modifier ensure(uint256 deadline) {
        require(deadline >= block.timestamp, "expired");
        _;
    }

    function poolFor(address tokenA, address tokenB, bool stable, address factory) public view returns (address) {
        return ISolidlyFactoryLike(factory == address(0) ? defaultFactory : factory).getPool(tokenA, tokenB, stable);
    }

    function getAmountsOut(uint256 amountIn, Route[] memory routes) public view returns (uint256[] memory amounts) {
        require(routes.length >= 1, "invalid path");
        amounts = new uint256[](routes.length + 1);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < routes.length; i++) {
            address pool = poolFor(routes[i].from, routes[i].to, routes[i].stable, routes[i].factory);
            if (pool != address(0)) amounts[i + 1] = ISolidlyPoolLike(pool).getAmountOut(amounts[i], routes[i].from);
        }
    }

    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        Route[] calldata routes,
        address to,
        uint256 deadline
    ) external ensure(deadline) {
        address first = poolFor(routes[0].from, routes[0].to, routes[0].stable, routes[0].factory);
        SolidlyTokenMoves.pull(routes[0].from, msg.sender, first, amountIn);
        address last = routes[routes.length - 1].to;
        uint256 before = SolidlyTokenMoves.balance(last, to);
        for (uint256 i = 0; i < routes.length; i++) {
            address next = i + 1 < routes.length ? _poolOf(routes[i + 1]) : to;
            _swapHop(routes[i], next);
        }
        require(SolidlyTokenMoves.balance(last, to) - before >= amountOutMin, "insufficient output amount");
    }

    function addLiquidity(
        address tokenA,
        address tokenB,
        bool stable,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        address pool = poolFor(tokenA, tokenB, stable, address(0));
        if (pool == address(0)) pool = ISolidlyFactoryLike(defaultFactory).createPool(tokenA, tokenB, stable);
        (amountA, amountB) = _optimal(pool, tokenA, amountADesired, amountBDesired);
        require(amountA >= amountAMin && amountB >= amountBMin, "insufficient amount");
        SolidlyTokenMoves.pull(tokenA, msg.sender, pool, amountA);
        SolidlyTokenMoves.pull(tokenB, msg.sender, pool, amountB);
        liquidity = ISolidlyPoolLike(pool).mint(to);
    }

    function _optimal(address pool, address tokenA, uint256 desiredA, uint256 desiredB) private view returns (uint256, uint256) {
        (uint256 r0, uint256 r1, ) = ISolidlyPoolLike(pool).getReserves();
        if (r0 == 0 && r1 == 0) return (desiredA, desiredB);
        (uint256 reserveA, uint256 reserveB) = ISolidlyPoolLike(pool).token0() == tokenA ? (r0, r1) : (r1, r0);
        uint256 optimalB = (desiredA * reserveB) / reserveA;
        if (optimalB <= desiredB) return (desiredA, optimalB);
        return ((desiredB * reserveA) / reserveB, desiredB);
    }

    /// One hop: the pool pays out for what actually arrived (the token may have taken a fee on the way in).
    function _swapHop(Route calldata route, address next) private {
        address pool = _poolOf(route);
        uint256 input = SolidlyTokenMoves.balance(route.from, pool) - _reserveOf(pool, route.from);
        uint256 output = ISolidlyPoolLike(pool).getAmountOut(input, route.from);
        bool fromIs0 = ISolidlyPoolLike(pool).token0() == route.from;
        ISolidlyPoolLike(pool).swap(fromIs0 ? 0 : output, fromIs0 ? output : 0, next, new bytes(0));
    }

    function _poolOf(Route calldata route) private view returns (address) {
        return poolFor(route.from, route.to, route.stable, route.factory);
    }

    function _reserveOf(address pool, address token) private view returns (uint256) {
        (uint256 r0, uint256 r1, ) = ISolidlyPoolLike(pool).getReserves();
        return ISolidlyPoolLike(pool).token0() == token ? r0 : r1;
    }
}
