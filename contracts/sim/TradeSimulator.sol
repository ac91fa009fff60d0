// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// @notice Trade simulator of the token-analysis service. It is never deployed: the service places
/// this runtime code at two unused addresses (the simulator and its agent) through an eth_call state
/// override, funds the simulator with native coin and reads everything from one call's return value.
/// Every external interaction is a low-level call or try/catch, so one misbehaving token or router
/// never aborts the whole simulation. Nothing here guards access: it only ever runs inside eth_call.

import {ISimRouter, ISimToken, SimCalls} from "./SimCalls.sol";
import {SimVenues} from "./SimVenues.sol";

contract TradeSimulator is SimVenues {
    struct Dex {
        address factory;
        address router;
    }

    /// A V3-style factory and the fee tiers to look up (Uniswap and PancakeSwap V3 alike).
    struct V3Dex {
        address factory;
        uint24[] fees;
    }

    /// A Solidly-style factory and its router (Aerodrome, Velodrome V2).
    struct SolidlyDex {
        address factory;
        address router;
    }

    struct Request {
        address token;
        address weth;
        address[] stables;
        Dex[] dexes;
        /// A second copy of this code at a fresh address: receives the transfer leg and sells, so a
        /// per-wallet trade cooldown set by the buy does not block the sell.
        address agent;
        /// Main buy size, in basis points of the chosen pool's quote-side reserve valued in wrapped native.
        uint256 buyBps;
        /// Pools whose quote side is worth less than this (in wrapped native) are too thin to measure.
        uint256 minQuoteWeth;
        /// Max-transaction probe: buy sizes in basis points of total supply, largest first.
        uint256[] buyProbeBps;
        /// Sell sizes in basis points of the largest buy that succeeded, largest first.
        uint256[] sellProbeBps;
        V3Dex[] v3Dexes;
        SolidlyDex[] solidlyDexes;
    }

    /// `dex` indexes the list of the pool's kind: dexes (V2), v3Dexes or solidlyDexes.
    struct Pool {
        uint256 dex;
        address pair;
        address quote;
        uint256 tokenReserve;
        uint256 quoteReserve;
        /// Quote-side reserve valued in wrapped native (0 when the quote cannot be reached from it).
        uint256 wethValue;
        /// Wrapped native can be swapped into the quote token on the same DEX.
        bool routable;
        /// KIND_V2, KIND_V3 or KIND_SOLIDLY. V3 and Solidly reserves are the pool's token balances.
        uint8 kind;
        /// V3 fee tier (hundredths of a bip); 0 for other kinds.
        uint24 fee;
        /// Solidly stable curve; false for other kinds.
        bool stable;
    }

    struct Leg {
        bool attempted;
        bool ok;
        uint256 amountIn;
        uint256 expectedOut;
        uint256 amountOut;
        uint256 gasUsed;
        bytes revertData;
    }

    /// outcome: 0 not run (too large for the pool, or a larger size already succeeded), 1 ok, 2 reverted.
    struct Probe {
        uint256 bps;
        uint8 outcome;
        uint256 amountIn;
        uint256 amountOut;
        bytes revertData;
    }

    struct Result {
        /// 0 simulated, 1 no pool, 2 no pool reachable from wrapped native, 3 deepest pool too thin.
        uint8 status;
        uint256 blockNumber;
        uint256 totalSupply;
        Pool[] pools;
        uint256 chosen;
        address router;
        address[] buyPath;
        Leg buy;
        Leg transfer;
        Leg sell;
        bool soldByAgent;
        Probe[] buyProbes;
        Probe[] sellProbes;
    }

    /// One real holder's sell, run as that holder. status: 0 sold all, 1 no balance, 2 no pool reachable
    /// from wrapped native, 3 neither all nor a hundredth could be sold, 4 only a hundredth could.
    struct HolderSell {
        uint8 status;
        uint256 balance;
        Leg full;
        Leg part;
    }

    /// Raised by the isolated probes to hand back their numbers while undoing their state changes.
    error ProbeOutcome(uint256 amountIn, uint256 amountOut);

    function simulate(Request calldata req) external returns (Result memory r) {
        r.blockNumber = block.number;
        r.totalSupply = SimCalls.readUint(req.token, abi.encodeCall(ISimToken.totalSupply, ()));
        r.pools = _discover(req);
        if (r.pools.length == 0) {
            r.status = 1;
            return r;
        }
        (bool found, uint256 best) = _deepest(r.pools);
        if (!found) {
            r.status = 2;
            return r;
        }
        r.chosen = best;
        Pool memory pool = r.pools[best];
        if (pool.wethValue < req.minQuoteWeth) {
            r.status = 3;
            return r;
        }
        Venue memory venue = _venueOf(req, pool);
        r.router = venue.router;
        r.buyPath = SimCalls.pathVia(req.weth, pool.quote, req.token);
        uint256 largestBuyIn = _probeBuys(req, r, pool, venue);
        uint256 mainBuyIn = (pool.wethValue * req.buyBps) / 10_000;
        if (largestBuyIn != 0 && largestBuyIn < mainBuyIn) mainBuyIn = largestBuyIn;
        _probeSells(req, r, venue, largestBuyIn != 0 ? largestBuyIn : mainBuyIn);
        _runLegs(req, r, venue, mainBuyIn);
    }

    /// Runs as a real holder (this code placed at the holder's address by a state override, so the
    /// token sees the holder as the seller): sells the whole balance through the deepest pool; when
    /// that fails, a hundredth of it, which tells a size limit from a holder who cannot sell at all.
    function holderSell(Request calldata req) external returns (HolderSell memory h) {
        h.balance = SimCalls.balanceOf(req.token, address(this));
        if (h.balance == 0) {
            h.status = 1;
            return h;
        }
        Pool[] memory pools = _discover(req);
        (bool found, uint256 best) = _deepest(pools);
        if (!found) {
            h.status = 2;
            return h;
        }
        Venue memory venue = _venueOf(req, pools[best]);
        address[] memory sellPath = SimCalls.reversed(SimCalls.pathVia(req.weth, pools[best].quote, req.token));
        h.full = _swapVia(venue, sellPath, h.balance);
        if (h.full.ok) return h;
        h.part = _swapVia(venue, sellPath, h.balance / 100);
        h.status = h.part.ok ? 4 : 3;
    }

    /// Sells `bps` of this contract's token balance; reverts with the venue's reason on failure.
    function agentSell(address token, Venue calldata venue, address[] calldata path, uint256 bps)
        external
        returns (uint256 amountIn, uint256 expectedOut, uint256 amountOut, uint256 gasUsed)
    {
        amountIn = (SimCalls.balanceOf(token, address(this)) * bps) / 10_000;
        Leg memory leg = _swapVia(venue, path, amountIn);
        if (!leg.ok) SimCalls.bubble(leg.revertData);
        return (amountIn, leg.expectedOut, leg.amountOut, leg.gasUsed);
    }

    /// Buys with `amountIn` wrapped native (a V3 pool: exactly `target` tokens out, paying what it
    /// asks), then always reverts so the probe leaves no trace.
    function probeBuy(Venue calldata venue, address[] calldata path, uint256 amountIn, uint256 target) external {
        require(msg.sender == address(this), "self only");
        if (venue.kind == KIND_V3) {
            SimCalls.wrap(path[0], address(this).balance);
            if (path.length == 3) {
                (uint256 paid, uint256 received) = _exactOutV3ViaHop(venue, path, target, amountIn);
                revert ProbeOutcome(paid, received);
            }
            Swapped memory exact = _swapV3(venue.pool, path[0], path[1], -int256(target));
            if (!exact.ok) SimCalls.bubble(exact.revertData);
            revert ProbeOutcome(exact.amountIn, exact.amountOut);
        }
        SimCalls.wrap(path[0], amountIn);
        Leg memory leg = _swapVia(venue, path, amountIn);
        if (!leg.ok) SimCalls.bubble(leg.revertData);
        revert ProbeOutcome(amountIn, leg.amountOut);
    }

    /// Buys, hands everything to the agent, lets it sell `bps` of it; always reverts.
    function probeSell(Request calldata req, Venue calldata venue, address[] calldata path, uint256 buyIn, uint256 bps) external {
        require(msg.sender == address(this), "self only");
        SimCalls.wrap(path[0], buyIn);
        Leg memory buy = _swapVia(venue, path, buyIn);
        if (!buy.ok) SimCalls.bubble(buy.revertData);
        Leg memory move = _transfer(req.token, req.agent, buy.amountOut);
        if (!move.ok) SimCalls.bubble(move.revertData);
        (uint256 sold, , uint256 received, ) = TradeSimulator(req.agent).agentSell(req.token, venue, SimCalls.reversed(path), bps);
        revert ProbeOutcome(sold, received);
    }

    /// Every pool of the token against wrapped native or a stablecoin: V2 pairs, V3 pools over each
    /// fee tier, Solidly pools of both curves.
    function _discover(Request calldata req) private view returns (Pool[] memory pools) {
        uint256 quotes = 1 + req.stables.length;
        uint256 v3Tiers;
        for (uint256 d = 0; d < req.v3Dexes.length; d++) v3Tiers += req.v3Dexes[d].fees.length;
        pools = new Pool[]((req.dexes.length + v3Tiers + 2 * req.solidlyDexes.length) * quotes);
        uint256 n = _discoverV2(req, pools, 0);
        n = _discoverV3(req, pools, n);
        n = _discoverSolidly(req, pools, n);
        assembly {
            mstore(pools, n)
        }
    }

    function _discoverV2(Request calldata req, Pool[] memory pools, uint256 n) private view returns (uint256) {
        uint256 quotes = 1 + req.stables.length;
        for (uint256 d = 0; d < req.dexes.length; d++) {
            for (uint256 q = 0; q < quotes; q++) {
                address quote = q == 0 ? req.weth : req.stables[q - 1];
                address pair = SimCalls.getPair(req.dexes[d].factory, req.token, quote);
                if (pair == address(0)) continue;
                (uint256 tokenReserve, uint256 quoteReserve) = SimCalls.reserves(pair, req.token);
                Pool memory p = pools[n++];
                (p.dex, p.pair, p.quote, p.tokenReserve, p.quoteReserve) = (d, pair, quote, tokenReserve, quoteReserve);
                if (quote == req.weth) (p.routable, p.wethValue) = (true, quoteReserve);
                else (p.routable, p.wethValue) = _valueInWeth(req.dexes[d].factory, req.weth, quote, quoteReserve);
            }
        }
        return n;
    }

    /// V3 reserves are the pool's balances. A stablecoin-quoted V3 pool is routed and valued through the
    /// same factory's deepest wrapped-native pool of that stablecoin; without one, valued through a V2
    /// pair but not routed.
    function _discoverV3(Request calldata req, Pool[] memory pools, uint256 n) private view returns (uint256) {
        uint256 quotes = 1 + req.stables.length;
        for (uint256 d = 0; d < req.v3Dexes.length; d++) {
            for (uint256 f = 0; f < req.v3Dexes[d].fees.length; f++) {
                for (uint256 q = 0; q < quotes; q++) {
                    address quote = q == 0 ? req.weth : req.stables[q - 1];
                    uint24 fee = req.v3Dexes[d].fees[f];
                    address pool = SimCalls.getV3Pool(req.v3Dexes[d].factory, req.token, quote, fee);
                    if (pool == address(0)) continue;
                    Pool memory p = pools[n++];
                    (p.kind, p.dex, p.pair, p.quote, p.fee) = (KIND_V3, d, pool, quote, fee);
                    (p.tokenReserve, p.quoteReserve) = (SimCalls.balanceOf(req.token, pool), SimCalls.balanceOf(quote, pool));
                    _valueV3(req, p);
                }
            }
        }
        return n;
    }

    /// Solidly pools of both curves; a stablecoin quote is routed through the same factory's volatile wrapped-native pool.
    function _discoverSolidly(Request calldata req, Pool[] memory pools, uint256 n) private view returns (uint256) {
        uint256 quotes = 1 + req.stables.length;
        for (uint256 d = 0; d < req.solidlyDexes.length; d++) {
            address factory = req.solidlyDexes[d].factory;
            for (uint256 c = 0; c < 2; c++) {
                for (uint256 q = 0; q < quotes; q++) {
                    address quote = q == 0 ? req.weth : req.stables[q - 1];
                    address pool = SimCalls.getSolidlyPool(factory, req.token, quote, c == 1);
                    if (pool == address(0)) continue;
                    Pool memory p = pools[n++];
                    (p.kind, p.dex, p.pair, p.quote, p.stable) = (KIND_SOLIDLY, d, pool, quote, c == 1);
                    (p.tokenReserve, p.quoteReserve) = SimCalls.reserves(pool, req.token);
                    if (quote == req.weth) (p.routable, p.wethValue) = (true, p.quoteReserve);
                    else (p.routable, p.wethValue) = _valueAt(SimCalls.getSolidlyPool(factory, req.weth, quote, false), quote, p.quoteReserve);
                }
            }
        }
        return n;
    }

    function _valueV3(Request calldata req, Pool memory p) private view {
        if (p.quote == req.weth) {
            (p.routable, p.wethValue) = (true, p.quoteReserve);
            return;
        }
        (address hop, uint256 wethHeld, uint256 quoteHeld) = _v3Hop(req, p.dex, p.quote);
        if (hop != address(0) && quoteHeld != 0) (p.routable, p.wethValue) = (true, (p.quoteReserve * wethHeld) / quoteHeld);
        else (, p.wethValue) = _valueViaV2(req, p.quote, p.quoteReserve);
    }

    /// The V3 DEX's wrapped-native/`quote` pool holding the most wrapped native, with both balances.
    function _v3Hop(Request calldata req, uint256 d, address quote) private view returns (address hop, uint256 wethHeld, uint256 quoteHeld) {
        for (uint256 f = 0; f < req.v3Dexes[d].fees.length; f++) {
            address pool = SimCalls.getV3Pool(req.v3Dexes[d].factory, req.weth, quote, req.v3Dexes[d].fees[f]);
            if (pool == address(0)) continue;
            uint256 held = SimCalls.balanceOf(req.weth, pool);
            if (held > wethHeld) (hop, wethHeld, quoteHeld) = (pool, held, SimCalls.balanceOf(quote, pool));
        }
    }

    /// `amount` of `quote` in wrapped native through the first V2 DEX with a wrapped-native pair of it.
    function _valueViaV2(Request calldata req, address quote, uint256 amount) private view returns (bool, uint256) {
        for (uint256 d = 0; d < req.dexes.length; d++) {
            (bool found, uint256 value) = _valueInWeth(req.dexes[d].factory, req.weth, quote, amount);
            if (found) return (found, value);
        }
        return (false, 0);
    }

    /// `amount` of `quote` in wrapped native at the reserves of `ref`, a quote/wrapped-native pool.
    function _valueAt(address ref, address quote, uint256 amount) private view returns (bool, uint256) {
        if (ref == address(0)) return (false, 0);
        (uint256 quoteReserve, uint256 wethReserve) = SimCalls.reserves(ref, quote);
        if (quoteReserve == 0 || wethReserve == 0) return (false, 0);
        return (true, (amount * wethReserve) / quoteReserve);
    }

    function _venueOf(Request calldata req, Pool memory pool) private view returns (Venue memory v) {
        (v.kind, v.pool, v.token) = (pool.kind, pool.pair, req.token);
        if (pool.kind == KIND_V3) {
            v.router = pool.pair;
            if (pool.quote != req.weth) (v.hopPool, , ) = _v3Hop(req, pool.dex, pool.quote);
        } else if (pool.kind == KIND_SOLIDLY) {
            (v.router, v.factory, v.stable) = (req.solidlyDexes[pool.dex].router, req.solidlyDexes[pool.dex].factory, pool.stable);
        } else v.router = req.dexes[pool.dex].router;
    }

    function _valueInWeth(address factory, address weth, address quote, uint256 amount) private view returns (bool, uint256) {
        return _valueAt(SimCalls.getPair(factory, weth, quote), quote, amount);
    }

    function _deepest(Pool[] memory pools) private pure returns (bool found, uint256 best) {
        for (uint256 i = 0; i < pools.length; i++) {
            if (!pools[i].routable) continue;
            if (!found || pools[i].wethValue > pools[best].wethValue) (found, best) = (true, i);
        }
    }

    function _probeBuys(Request calldata req, Result memory r, Pool memory pool, Venue memory venue) private returns (uint256 largestBuyIn) {
        r.buyProbes = new Probe[](req.buyProbeBps.length);
        for (uint256 i = 0; i < req.buyProbeBps.length; i++) {
            Probe memory p = r.buyProbes[i];
            p.bps = req.buyProbeBps[i];
            // Just under the round size, so a limit set at exactly that share of supply lets it pass.
            uint256 target = (((r.totalSupply * p.bps) / 10_000) * 999) / 1_000;
            if (largestBuyIn != 0 || target == 0 || target > pool.tokenReserve / 2) continue;
            // A V3 probe buys exactly `target` out; through a hop pool it first swaps three times what x·y
            // says the target costs into the stablecoin, and counts only what the token's pool took.
            if (venue.kind == KIND_SOLIDLY) p.amountIn = _solidlyQuoteIn(venue, r.buyPath, target, pool.tokenReserve, pool.wethValue);
            else if (venue.kind == KIND_V2) p.amountIn = SimCalls.quoteIn(r.router, r.buyPath, target);
            else if (r.buyPath.length == 3) p.amountIn = (3 * target * pool.wethValue) / (pool.tokenReserve - target) + 1;
            if (p.amountIn == 0 && venue.kind != KIND_V3) continue;
            _isolated(p, abi.encodeCall(this.probeBuy, (venue, r.buyPath, p.amountIn, target)));
            if (p.outcome == 1) largestBuyIn = p.amountIn;
        }
    }

    function _probeSells(Request calldata req, Result memory r, Venue memory venue, uint256 buyIn) private {
        r.sellProbes = new Probe[](req.sellProbeBps.length);
        bool done;
        for (uint256 i = 0; i < req.sellProbeBps.length; i++) {
            Probe memory p = r.sellProbes[i];
            p.bps = req.sellProbeBps[i];
            if (done || buyIn == 0) continue;
            _isolated(p, abi.encodeCall(this.probeSell, (req, venue, r.buyPath, buyIn, p.bps)));
            done = p.outcome == 1;
        }
    }

    /// Runs a probe through a self-call that always reverts: state changes are undone, numbers kept.
    function _isolated(Probe memory p, bytes memory data) private {
        (bool success, bytes memory ret) = address(this).call(data);
        if (!success && ret.length == 68 && bytes4(ret) == ProbeOutcome.selector) {
            uint256 amountIn;
            uint256 amountOut;
            assembly {
                amountIn := mload(add(ret, 36))
                amountOut := mload(add(ret, 68))
            }
            (p.outcome, p.amountIn, p.amountOut) = (1, amountIn, amountOut);
        } else {
            (p.outcome, p.revertData) = (2, ret);
        }
    }

    function _runLegs(Request calldata req, Result memory r, Venue memory venue, uint256 buyIn) private {
        SimCalls.wrap(req.weth, buyIn);
        r.buy = _swapVia(venue, r.buyPath, buyIn);
        r.buy.attempted = true;
        if (!r.buy.ok || r.buy.amountOut == 0) return;
        r.transfer = _transfer(req.token, req.agent, r.buy.amountOut / 2);
        address[] memory sellPath = SimCalls.reversed(r.buyPath);
        if (r.transfer.ok && r.transfer.amountOut > 0) {
            r.soldByAgent = true;
            r.sell = _agentSellAll(req, venue, sellPath, r.transfer.amountOut);
        } else {
            // The transfer was refused: sell what the buyer still holds, from the buyer itself.
            r.sell = _swapVia(venue, sellPath, SimCalls.balanceOf(req.token, address(this)));
            r.sell.attempted = true;
        }
    }

    /// The agent sells everything it received; a revert becomes a failed leg with its reason.
    function _agentSellAll(Request calldata req, Venue memory venue, address[] memory sellPath, uint256 held)
        private
        returns (Leg memory leg)
    {
        (leg.attempted, leg.amountIn) = (true, held);
        uint256 gasBefore = gasleft();
        try TradeSimulator(req.agent).agentSell(req.token, venue, sellPath, 10_000) returns (
            uint256 amountIn, uint256 expectedOut, uint256 amountOut, uint256 gasUsed
        ) {
            (leg.ok, leg.amountIn, leg.expectedOut, leg.amountOut, leg.gasUsed) = (true, amountIn, expectedOut, amountOut, gasUsed);
        } catch (bytes memory reason) {
            (leg.gasUsed, leg.revertData) = (gasBefore - gasleft(), reason);
        }
    }

    /// Exact-in swap on the venue's kind: V2 router, V3 pool (single hop), Solidly router.
    function _swapVia(Venue memory venue, address[] memory path, uint256 amountIn) private returns (Leg memory leg) {
        if (venue.kind == KIND_V2) return _swap(venue.router, path, amountIn);
        Swapped memory s = venue.kind == KIND_V3 ? _swapV3Path(venue, path, amountIn) : _swapSolidly(venue, path, amountIn);
        leg.attempted = true;
        (leg.ok, leg.amountIn, leg.expectedOut, leg.amountOut, leg.gasUsed, leg.revertData) =
            (s.ok, amountIn, s.expectedOut, s.amountOut, s.gasUsed, s.revertData);
    }

    /// Exact-in swap (fee-on-transfer variant) to this contract, measured by the balance it gains.
    function _swap(address router, address[] memory path, uint256 amountIn) private returns (Leg memory leg) {
        address out = path[path.length - 1];
        leg.attempted = true;
        leg.amountIn = amountIn;
        leg.expectedOut = SimCalls.quoteOut(router, path, amountIn);
        SimCalls.approve(path[0], router, amountIn);
        (leg.ok, leg.amountOut, leg.gasUsed, leg.revertData) = _measured(
            router,
            abi.encodeCall(ISimRouter.swapExactTokensForTokensSupportingFeeOnTransferTokens, (amountIn, 0, path, address(this), block.timestamp)),
            out
        );
    }

    function _transfer(address token, address to, uint256 amount) private returns (Leg memory leg) {
        leg.attempted = true;
        leg.amountIn = amount;
        leg.expectedOut = amount;
        uint256 before = SimCalls.balanceOf(token, to);
        uint256 gasBefore = gasleft();
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(ISimToken.transfer, (to, amount)));
        leg.gasUsed = gasBefore - gasleft();
        // Tokens that return nothing (USDT style) count as success when the call did not revert.
        leg.ok = ok && (ret.length == 0 || (ret.length >= 32 && abi.decode(ret, (bool))));
        if (leg.ok) leg.amountOut = SimCalls.balanceOf(token, to) - before;
        else leg.revertData = ret;
    }
}
