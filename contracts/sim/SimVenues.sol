// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {ISimSolidlyRouter, ISimToken, ISimV3Pool, SimCalls, SimRoute} from "./SimCalls.sol";

/// @notice How the trade simulator trades in a V3-style pool (directly, paying in the callback) and
/// in a Solidly-style pool (through its router's Route list). V2 pairs go through their router in
/// TradeSimulator itself. Every call is low-level: a failing pool or token becomes a failed swap.
abstract contract SimVenues {
    uint8 internal constant KIND_V2 = 0;
    uint8 internal constant KIND_V3 = 1;
    uint8 internal constant KIND_SOLIDLY = 2;

    uint160 internal constant MIN_SQRT_RATIO = 4295128739;
    uint160 internal constant MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342;

    /// Where and how the round trip trades: V2 router, V3 pool, or Solidly router with its pool.
    struct Venue {
        uint8 kind;
        /// V2 or Solidly router; the pool itself for V3.
        address router;
        address pool;
        /// Solidly factory named in each Route.
        address factory;
        /// Solidly curve of the token's own pool (hops between quote tokens are volatile).
        bool stable;
        /// The analysed token: the hop that touches it goes through `pool`.
        address token;
        /// V3 only, when the token's pool is against a stablecoin: the wrapped-native/stablecoin pool of
        /// the same factory that the round trip's other hop goes through.
        address hopPool;
    }

    /// One swap's numbers; expectedOut is what the pool sent or quoted, amountOut what arrived.
    struct Swapped {
        bool ok;
        uint256 amountIn;
        uint256 expectedOut;
        uint256 amountOut;
        uint256 gasUsed;
        bytes revertData;
    }

    /// The V3 pool this contract is swapping with right now: the only caller its callbacks pay.
    address private activePool;

    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        _payPool(amount0Delta, amount1Delta, data);
    }

    function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        _payPool(amount0Delta, amount1Delta, data);
    }

    /// Pays the pool what it asks; a token that delivers less than that (a fee on transfers into the
    /// pool) would make the pool revert anyway, so say why, which is what a real seller runs into.
    function _payPool(int256 amount0Delta, int256 amount1Delta, bytes calldata data) private {
        require(msg.sender == activePool && msg.sender != address(0), "not the active pool");
        address tokenIn = abi.decode(data, (address));
        uint256 owed = uint256(amount0Delta > 0 ? amount0Delta : amount1Delta);
        uint256 before = SimCalls.balanceOf(tokenIn, msg.sender);
        (bool ok, bytes memory ret) = tokenIn.call(abi.encodeCall(ISimToken.transfer, (msg.sender, owed)));
        if (!ok) SimCalls.bubble(ret);
        require(ret.length == 0 || (ret.length >= 32 && abi.decode(ret, (bool))), "transfer into the pool returned false");
        if (SimCalls.balanceOf(tokenIn, msg.sender) - before < owed) {
            revert("the token takes a fee on transfers into the V3 pool, which refuses the short payment: sells there revert");
        }
    }

    /// A V3 swap to this contract: exact input when `amountSpecified` > 0, exact output when < 0.
    function _swapV3(address pool, address tokenIn, address tokenOut, int256 amountSpecified) internal returns (Swapped memory s) {
        bool zeroForOne = tokenIn < tokenOut;
        uint160 limit = zeroForOne ? MIN_SQRT_RATIO + 1 : MAX_SQRT_RATIO - 1;
        if (amountSpecified > 0) s.amountIn = uint256(amountSpecified);
        uint256 before = SimCalls.balanceOf(tokenOut, address(this));
        activePool = pool;
        uint256 gasBefore = gasleft();
        (bool ok, bytes memory ret) = pool.call(
            abi.encodeCall(ISimV3Pool.swap, (address(this), zeroForOne, amountSpecified, limit, abi.encode(tokenIn)))
        );
        s.gasUsed = gasBefore - gasleft();
        activePool = address(0);
        if (!ok || ret.length < 64) {
            s.revertData = ret;
            return s;
        }
        (int256 amount0, int256 amount1) = abi.decode(ret, (int256, int256));
        (int256 paid, int256 sent) = zeroForOne ? (amount0, amount1) : (amount1, amount0);
        s.ok = true;
        s.amountIn = paid > 0 ? uint256(paid) : 0;
        s.expectedOut = sent < 0 ? uint256(-sent) : 0;
        s.amountOut = SimCalls.balanceOf(tokenOut, address(this)) - before;
    }

    /// Exact-in V3 swap along `path`: one pool, or two when the token's pool is against a stablecoin
    /// (the hop pool first on a buy, last on a sell). expectedOut and amountOut are the last hop's.
    function _swapV3Path(Venue memory v, address[] memory path, uint256 amountIn) internal returns (Swapped memory s) {
        if (path.length == 2) return _swapV3(v.pool, path[0], path[1], int256(amountIn));
        Swapped memory first = _swapV3(_v3PoolFor(v, path[0], path[1]), path[0], path[1], int256(amountIn));
        if (!first.ok) return first;
        s = _swapV3(_v3PoolFor(v, path[1], path[2]), path[1], path[2], int256(first.amountOut));
        (s.amountIn, s.gasUsed) = (amountIn, s.gasUsed + first.gasUsed);
    }

    /// Buys exactly `target` tokens through the hop pool: `wethIn` (more than enough) into the
    /// stablecoin, then exact output from the token's pool; the wrapped native it took is the share
    /// of `wethIn` whose stablecoins that pool was paid.
    function _exactOutV3ViaHop(Venue memory v, address[] memory path, uint256 target, uint256 wethIn)
        internal
        returns (uint256 paid, uint256 received)
    {
        Swapped memory first = _swapV3(v.hopPool, path[0], path[1], int256(wethIn));
        if (!first.ok) SimCalls.bubble(first.revertData);
        require(first.amountOut > 0, "the hop pool paid nothing");
        Swapped memory second = _swapV3(v.pool, path[1], path[2], -int256(target));
        if (!second.ok) SimCalls.bubble(second.revertData);
        return ((wethIn * second.amountIn) / first.amountOut, second.amountOut);
    }

    function _v3PoolFor(Venue memory v, address a, address b) private pure returns (address) {
        return a == v.token || b == v.token ? v.pool : v.hopPool;
    }

    /// Exact-in swap along `path` through the Solidly router (fee-on-transfer variant).
    function _swapSolidly(Venue memory v, address[] memory path, uint256 amountIn) internal returns (Swapped memory s) {
        SimRoute[] memory routes = _routes(v, path);
        address out = path[path.length - 1];
        s.amountIn = amountIn;
        s.expectedOut = _solidlyQuoteOut(v, routes, amountIn);
        SimCalls.approve(path[0], v.router, amountIn);
        (s.ok, s.amountOut, s.gasUsed, s.revertData) = _measured(
            v.router,
            abi.encodeCall(ISimSolidlyRouter.swapExactTokensForTokensSupportingFeeOnTransferTokens, (amountIn, 0, routes, address(this), block.timestamp)),
            out
        );
    }

    /// Calls `target` and measures what this contract gained of `out` (fee-on-transfer tokens
    /// deliver less than a router reports) and the gas; the revert data when the call failed.
    function _measured(address target, bytes memory data, address out)
        internal
        returns (bool ok, uint256 gained, uint256 gasUsed, bytes memory revertData)
    {
        uint256 before = SimCalls.balanceOf(out, address(this));
        uint256 gasBefore = gasleft();
        bytes memory ret;
        (ok, ret) = target.call(data);
        gasUsed = gasBefore - gasleft();
        if (ok) gained = SimCalls.balanceOf(out, address(this)) - before;
        else revertData = ret;
    }

    function _solidlyQuoteOut(Venue memory v, SimRoute[] memory routes, uint256 amountIn) internal view returns (uint256) {
        return SimCalls.lastAmount(v.router, abi.encodeCall(ISimSolidlyRouter.getAmountsOut, (amountIn, routes)), routes.length);
    }

    /// Wrapped native that buys about `target` tokens through a Solidly route: the x·y inverse from
    /// the pool's depth, then the secant method on the router's own quotes (the stable curve, a hop
    /// pool and fees included).
    function _solidlyQuoteIn(Venue memory v, address[] memory path, uint256 target, uint256 tokenReserve, uint256 wethDepth)
        internal
        view
        returns (uint256)
    {
        if (target == 0 || target >= tokenReserve) return 0;
        SimRoute[] memory routes = _routes(v, path);
        uint256 a0 = (wethDepth * target) / (tokenReserve - target) + 1;
        uint256 o0 = _solidlyQuoteOut(v, routes, a0);
        if (o0 == 0) return 0;
        uint256 a1 = (a0 * target) / o0 + 1;
        for (uint256 i = 0; i < 8; i++) {
            uint256 o1 = _solidlyQuoteOut(v, routes, a1);
            if (o1 == 0) return 0;
            if (o1 == target || o1 == o0 || a1 == a0) return a1;
            int256 next = int256(a1) + ((int256(target) - int256(o1)) * (int256(a1) - int256(a0))) / (int256(o1) - int256(o0));
            if (next <= 0) return a1;
            (a0, o0, a1) = (a1, o1, uint256(next));
        }
        return a1;
    }

    /// One Route per hop; only the hop that touches the token uses its pool's curve.
    function _routes(Venue memory v, address[] memory path) internal pure returns (SimRoute[] memory routes) {
        routes = new SimRoute[](path.length - 1);
        for (uint256 i = 0; i + 1 < path.length; i++) {
            bool touchesToken = path[i] == v.token || path[i + 1] == v.token;
            routes[i] = SimRoute(path[i], path[i + 1], touchesToken && v.stable, v.factory);
        }
    }
}
