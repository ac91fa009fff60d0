// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IV3SwapCallback, V3TokenMoves} from "./V3Interfaces.sol";

/// @notice A pool with the Uniswap V3 pool interface (swap with a pay-in callback, slot0, liquidity,
/// the V3 Swap event) over full-range liquidity only: inside, a constant product with the fee taken
/// from the input. Enough for the devnet to hold tokens that trade only in a V3-style pool.
/// Set up by its factory (initialize) rather than a constructor, so its runtime code is the same
/// for every pool and verifies against its source as is.
contract V3Pool {
    uint160 internal constant MIN_SQRT_RATIO = 4295128739;
    uint160 internal constant MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342;
    int24 internal constant FULL_RANGE_TICK = 887272;

    address public factory;
    address public token0;
    address public token1;
    uint24 public fee;
    int24 public tickSpacing;

    /// Tokens the pool trades with; its balances may be higher (donations), never lower.
    uint256 public reserve0;
    uint256 public reserve1;
    /// Full-range position shares (no NFT): sqrt(amount0 * amount1) for the first deposit.
    uint256 public totalShares;
    mapping(address => uint256) public sharesOf;

    uint256 private unlocked = 1;

    event Initialize(uint160 sqrtPriceX96, int24 tick);
    event Mint(
        address sender,
        address indexed owner,
        int24 indexed tickLower,
        int24 indexed tickUpper,
        uint128 amount,
        uint256 amount0,
        uint256 amount1
    );
    event Swap(
        address indexed sender,
        address indexed recipient,
        int256 amount0,
        int256 amount1,
        uint160 sqrtPriceX96,
        uint128 liquidity,
        int24 tick
    );

    modifier lock() {
        require(unlocked == 1, "LOK");
        unlocked = 0;
        _;
        unlocked = 1;
    }

    function initialize(address token0_, address token1_, uint24 fee_, int24 tickSpacing_) external {
        require(factory == address(0), "already initialized");
        (factory, token0, token1, fee, tickSpacing) = (msg.sender, token0_, token1_, fee_, tickSpacing_);
    }

    /// Uniswap V3's slot0 layout; only the price and tick carry meaning here.
    function slot0()
        external
        view
        returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked_)
    {
        sqrtPriceX96 = _sqrtPriceX96();
        return (sqrtPriceX96, _tick(sqrtPriceX96), 0, 1, 1, 0, unlocked == 1);
    }

    /// In-range liquidity of a full-range position: sqrt(reserve0 · reserve1).
    function liquidity() public view returns (uint128) {
        return uint128(_sqrt(reserve0 * reserve1));
    }

    /// Adds full-range liquidity, pulling both amounts from the caller.
    function mint(address recipient, uint256 amount0, uint256 amount1) external lock returns (uint256 shares) {
        require(amount0 > 0 && amount1 > 0, "zero amount");
        shares = totalShares == 0 ? _sqrt(amount0 * amount1) : _min((amount0 * totalShares) / reserve0, (amount1 * totalShares) / reserve1);
        require(shares > 0, "no shares");
        V3TokenMoves.pull(token0, msg.sender, address(this), amount0);
        V3TokenMoves.pull(token1, msg.sender, address(this), amount1);
        (reserve0, reserve1) = (reserve0 + amount0, reserve1 + amount1);
        totalShares += shares;
        sharesOf[recipient] += shares;
        uint160 price = _sqrtPriceX96();
        if (totalShares == shares) emit Initialize(price, _tick(price));
        emit Mint(msg.sender, recipient, -FULL_RANGE_TICK, FULL_RANGE_TICK, uint128(shares), amount0, amount1);
    }

    /// V3 conventions: amounts are the pool's deltas (positive = the pool receives); amountSpecified
    /// > 0 is an exact input, < 0 an exact output. The output goes out first; then the caller is
    /// called back and must have paid what it owes by the time the callback returns.
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        lock
        returns (int256 amount0, int256 amount1)
    {
        require(amountSpecified != 0, "AS");
        uint160 priceBefore = _sqrtPriceX96();
        require(
            zeroForOne
                ? sqrtPriceLimitX96 < priceBefore && sqrtPriceLimitX96 > MIN_SQRT_RATIO
                : sqrtPriceLimitX96 > priceBefore && sqrtPriceLimitX96 < MAX_SQRT_RATIO,
            "SPL"
        );
        (uint256 amountIn, uint256 amountOut) = _amounts(zeroForOne, amountSpecified);
        (address tokenIn, address tokenOut) = zeroForOne ? (token0, token1) : (token1, token0);
        (amount0, amount1) = zeroForOne ? (int256(amountIn), -int256(amountOut)) : (-int256(amountOut), int256(amountIn));

        V3TokenMoves.send(tokenOut, recipient, amountOut);
        uint256 balanceBefore = V3TokenMoves.balance(tokenIn, address(this));
        IV3SwapCallback(msg.sender).uniswapV3SwapCallback(amount0, amount1, data);
        require(V3TokenMoves.balance(tokenIn, address(this)) >= balanceBefore + amountIn, "IIA");

        if (zeroForOne) (reserve0, reserve1) = (reserve0 + amountIn, reserve1 - amountOut);
        else (reserve0, reserve1) = (reserve0 - amountOut, reserve1 + amountIn);
        uint160 priceAfter = _sqrtPriceX96();
        require(zeroForOne ? priceAfter >= sqrtPriceLimitX96 : priceAfter <= sqrtPriceLimitX96, "SPL");
        emit Swap(msg.sender, recipient, amount0, amount1, priceAfter, liquidity(), _tick(priceAfter));
    }

    /// Constant product on the reserves, the fee (in millionths) taken from the input.
    function _amounts(bool zeroForOne, int256 amountSpecified) private view returns (uint256 amountIn, uint256 amountOut) {
        (uint256 reserveIn, uint256 reserveOut) = zeroForOne ? (reserve0, reserve1) : (reserve1, reserve0);
        require(reserveIn > 0 && reserveOut > 0, "no liquidity");
        if (amountSpecified > 0) {
            amountIn = uint256(amountSpecified);
            uint256 inAfterFee = (amountIn * (1e6 - fee)) / 1e6;
            amountOut = (inAfterFee * reserveOut) / (reserveIn + inAfterFee);
        } else {
            amountOut = uint256(-amountSpecified);
            require(amountOut < reserveOut, "liquidity");
            uint256 inAfterFee = _ceilDiv(reserveIn * amountOut, reserveOut - amountOut);
            amountIn = _ceilDiv(inAfterFee * 1e6, 1e6 - fee);
        }
    }

    /// sqrt(reserve1 / reserve0) · 2^96.
    function _sqrtPriceX96() private view returns (uint160) {
        if (reserve0 == 0 || reserve1 == 0) return 0;
        if (reserve1 < (1 << 64)) return uint160(_sqrt((reserve1 << 192) / reserve0));
        return uint160(_sqrt((reserve1 << 96) / reserve0) << 48);
    }

    /// log base 1.0001 of the price, from log2 of the square root price with 14 fractional bits.
    function _tick(uint160 sqrtPriceX96) private pure returns (int24) {
        if (sqrtPriceX96 == 0) return 0;
        uint256 x = sqrtPriceX96;
        uint256 msb;
        for (uint256 probe = 128; probe > 0; probe >>= 1) {
            if (x >> (msb + probe) > 0) msb += probe;
        }
        uint256 r = msb >= 127 ? x >> (msb - 127) : x << (127 - msb);
        int256 log2Scaled = (int256(msb) - 96) << 14;
        for (uint256 bit = 1 << 13; bit > 0; bit >>= 1) {
            r = (r * r) >> 127;
            if (r >= (1 << 128)) {
                log2Scaled += int256(bit);
                r >>= 1;
            }
        }
        // tick = 2 · log2(sqrtPrice / 2^96) / log2(1.0001), log2(1.0001) ≈ 1.4426e-4
        return int24((log2Scaled * 2 * 1e8) / (16384 * 14427));
    }

    function _sqrt(uint256 y) private pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }

    function _ceilDiv(uint256 a, uint256 b) private pure returns (uint256) {
        return (a + b - 1) / b;
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }
}
