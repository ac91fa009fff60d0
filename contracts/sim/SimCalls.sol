// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// @notice Defensive low-level calls for the trade simulator: a token, pair, factory or router that
/// misbehaves (no code, odd return data) yields zeros instead of aborting the simulation.

interface ISimToken {
    function balanceOf(address owner) external view returns (uint256);
    function totalSupply() external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

interface ISimWrappedNative {
    function deposit() external payable;
}

interface ISimFactory {
    function getPair(address tokenA, address tokenB) external view returns (address);
}

interface ISimPair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function token0() external view returns (address);
}

interface ISimRouter {
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);
    function getAmountsIn(uint256 amountOut, address[] calldata path) external view returns (uint256[] memory);
    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;
}

/// Uniswap V3 and PancakeSwap V3 share these (PancakeSwap's callback has another name only).
interface ISimV3Factory {
    function getPool(address tokenA, address tokenB, uint24 fee) external view returns (address);
}

interface ISimV3Pool {
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

/// Aerodrome / Velodrome V2.
interface ISimSolidlyFactory {
    function getPool(address tokenA, address tokenB, bool stable) external view returns (address);
}

interface ISimSolidlyPool {
    function getAmountOut(uint256 amountIn, address tokenIn) external view returns (uint256);
}

struct SimRoute {
    address from;
    address to;
    bool stable;
    address factory;
}

interface ISimSolidlyRouter {
    function getAmountsOut(uint256 amountIn, SimRoute[] calldata routes) external view returns (uint256[] memory);
    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        SimRoute[] calldata routes,
        address to,
        uint256 deadline
    ) external;
}

library SimCalls {
    function wrap(address weth, uint256 amount) internal {
        ISimWrappedNative(weth).deposit{value: amount}();
    }

    function approve(address token, address spender, uint256 amount) internal {
        // A failed approve shows up as the swap's own revert reason; nothing to decide here.
        (bool ok, ) = token.call(abi.encodeCall(ISimToken.approve, (spender, amount)));
        if (!ok) return;
    }

    function quoteOut(address router, address[] memory path, uint256 amountIn) internal view returns (uint256) {
        return lastAmount(router, abi.encodeCall(ISimRouter.getAmountsOut, (amountIn, path)), path.length - 1);
    }

    function quoteIn(address router, address[] memory path, uint256 amountOut) internal view returns (uint256) {
        return lastAmount(router, abi.encodeCall(ISimRouter.getAmountsIn, (amountOut, path)), 0);
    }

    function lastAmount(address router, bytes memory data, uint256 index) internal view returns (uint256) {
        (bool ok, bytes memory ret) = router.staticcall(data);
        if (!ok || ret.length < 64) return 0;
        uint256[] memory amounts = abi.decode(ret, (uint256[]));
        return index < amounts.length ? amounts[index] : 0;
    }

    function getV3Pool(address factory, address a, address b, uint24 fee) internal view returns (address) {
        return readAddress(factory, abi.encodeCall(ISimV3Factory.getPool, (a, b, fee)));
    }

    function getSolidlyPool(address factory, address a, address b, bool stable) internal view returns (address) {
        return readAddress(factory, abi.encodeCall(ISimSolidlyFactory.getPool, (a, b, stable)));
    }

    /// Solidly `getAmountOut` of a pool; 0 when it does not answer.
    function poolAmountOut(address pool, uint256 amountIn, address tokenIn) internal view returns (uint256) {
        return readUint(pool, abi.encodeCall(ISimSolidlyPool.getAmountOut, (amountIn, tokenIn)));
    }

    function readAddress(address target, bytes memory data) internal view returns (address) {
        (bool ok, bytes memory ret) = target.staticcall(data);
        if (!ok || ret.length < 32) return address(0);
        return abi.decode(ret, (address));
    }

    function getPair(address factory, address a, address b) internal view returns (address) {
        (bool ok, bytes memory ret) = factory.staticcall(abi.encodeCall(ISimFactory.getPair, (a, b)));
        if (!ok || ret.length < 32) return address(0);
        return abi.decode(ret, (address));
    }

    /// Reserves of `pair` as (side of `token`, other side); zeros when the pair does not answer.
    function reserves(address pair, address token) internal view returns (uint256 mine, uint256 other) {
        (bool ok, bytes memory ret) = pair.staticcall(abi.encodeCall(ISimPair.getReserves, ()));
        (bool ok0, bytes memory ret0) = pair.staticcall(abi.encodeCall(ISimPair.token0, ()));
        if (!ok || !ok0 || ret.length < 64 || ret0.length < 32) return (0, 0);
        (uint256 r0, uint256 r1) = abi.decode(ret, (uint256, uint256));
        return abi.decode(ret0, (address)) == token ? (r0, r1) : (r1, r0);
    }

    function balanceOf(address token, address owner) internal view returns (uint256) {
        return readUint(token, abi.encodeCall(ISimToken.balanceOf, (owner)));
    }

    function readUint(address token, bytes memory data) internal view returns (uint256) {
        (bool ok, bytes memory ret) = token.staticcall(data);
        if (!ok || ret.length < 32) return 0;
        return abi.decode(ret, (uint256));
    }

    function pathVia(address weth, address quote, address token) internal pure returns (address[] memory path) {
        path = new address[](quote == weth ? 2 : 3);
        path[0] = weth;
        path[1] = quote;
        path[path.length - 1] = token;
    }

    function reversed(address[] memory path) internal pure returns (address[] memory out) {
        out = new address[](path.length);
        for (uint256 i = 0; i < path.length; i++) out[i] = path[path.length - 1 - i];
    }

    function bubble(bytes memory reason) internal pure {
        assembly {
            revert(add(reason, 32), mload(reason))
        }
    }
}
