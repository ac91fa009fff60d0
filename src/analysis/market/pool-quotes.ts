/**
 * What each pool kind pays out for an exact input, in raw units, as its contract computes it: V2
 * pairs (x·y with the fee in basis points), V3 pools inside the current price range (the square
 * root price math of Uniswap V3, with the fee in hundredths of a bip) and Solidly pools (volatile
 * x·y, stable x³y + xy³ on 18-decimal amounts, the fee in basis points).
 */

const Q96 = 2n ** 96n;
const E18 = 10n ** 18n;

/** Uniswap V2's getAmountOut; fee 30 bps unless given. */
export function v2AmountOut(p: { amountIn: bigint; reserveIn: bigint; reserveOut: bigint; feeBps?: bigint }): bigint {
  if (p.amountIn <= 0n || p.reserveIn <= 0n || p.reserveOut <= 0n) return 0n;
  const inWithFee = p.amountIn * (10_000n - (p.feeBps ?? 30n));
  return (inWithFee * p.reserveOut) / (p.reserveIn * 10_000n + inWithFee);
}

/**
 * A V3 exact-input swap that stays inside the current range (liquidity constant): the fee comes off
 * the input, then the price moves along L. `zeroForOne` sells token0 for token1.
 */
export function v3AmountOut(p: {
  sqrtPriceX96: bigint;
  liquidity: bigint;
  fee: number;
  amountIn: bigint;
  zeroForOne: boolean;
}): bigint {
  const { sqrtPriceX96: price, liquidity: l } = p;
  if (p.amountIn <= 0n || price <= 0n || l <= 0n) return 0n;
  const inLessFee = (p.amountIn * (1_000_000n - BigInt(p.fee))) / 1_000_000n;
  if (p.zeroForOne) {
    const numerator = l * Q96;
    const next = ceilDiv(numerator * price, numerator + inLessFee * price);
    return (l * (price - next)) / Q96;
  }
  const next = price + (inLessFee * Q96) / l;
  return (l * Q96 * (next - price)) / next / price;
}

/** Solidly pool's getAmountOut: the fee (basis points) off the input, then its curve. */
export function solidlyAmountOut(p: {
  amountIn: bigint;
  reserveIn: bigint;
  reserveOut: bigint;
  stable: boolean;
  feeBps: bigint;
  decimalsIn: number;
  decimalsOut: number;
}): bigint {
  if (p.amountIn <= 0n || p.reserveIn <= 0n || p.reserveOut <= 0n) return 0n;
  const amountIn = p.amountIn - (p.amountIn * p.feeBps) / 10_000n;
  if (!p.stable) return (amountIn * p.reserveOut) / (p.reserveIn + amountIn);
  const [scaleIn, scaleOut] = [10n ** BigInt(p.decimalsIn), 10n ** BigInt(p.decimalsOut)];
  const k = stableK((p.reserveIn * E18) / scaleIn, (p.reserveOut * E18) / scaleOut);
  const x = ((p.reserveIn + amountIn) * E18) / scaleIn;
  const y = solveY(x, k, (p.reserveOut * E18) / scaleOut);
  // The remaining reserve is rounded up, so the output never breaks k.
  const remaining = (y * scaleOut + E18 - 1n) / E18;
  return remaining >= p.reserveOut ? 0n : p.reserveOut - remaining;
}

/** x³y + xy³ on 18-decimal amounts, with the pool's rounding. */
function stableK(x: bigint, y: bigint): bigint {
  const xy = (x * y) / E18;
  const squares = (x * x) / E18 + (y * y) / E18;
  return (xy * squares) / E18;
}

/** Smallest y with stableK(x, y) >= k: Newton's method from `guess`, then stepped up. */
function solveY(x: bigint, k: bigint, guess: bigint): bigint {
  let y = guess;
  for (let i = 0; i < 255; i++) {
    const current = stableK(x, y);
    const slope = (3n * x * ((y * y) / E18)) / E18 + (((x * x) / E18) * x) / E18;
    if (slope === 0n) break;
    let step: bigint;
    if (current < k) {
      step = ((k - current) * E18) / slope + 1n;
      y += step;
    } else {
      step = ((current - k) * E18) / slope;
      if (step === 0n) break;
      y = step >= y ? 0n : y - step;
    }
    if (step <= 1n) break;
  }
  while (stableK(x, y) < k) y++;
  return y;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
