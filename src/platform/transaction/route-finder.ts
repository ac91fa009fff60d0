import { parseAbi, type Address, type PublicClient } from 'viem';
import type { ChainFacts } from '../../chain/chain-facts';
import { throwIfTransportFailed } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';

export const ROUTER_QUOTE_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
]);

/** The mid price is read from a quote of this fraction of the amount (small enough to move nothing). */
const PROBE_DIVISOR = 10_000n;

export interface CandidateRoute {
  dexIndex: number;
  /** Token addresses, wrapped native standing for the native coin. */
  path: Address[];
}

export interface QuotedRoute extends CandidateRoute {
  dex: string;
  router: Address;
  amountOut: bigint;
  /** Percent the amount moves the price against a tiny probe quote on the same path; null when unmeasurable. */
  priceImpactPercent: number | null;
}

/**
 * Direct and one-hop paths (through wrapped native or a stablecoin) on every configured DEX. Hops
 * equal to either end are left out, so WETH→X is not also tried as WETH→WETH→X.
 */
export function candidateRoutes(facts: ChainFacts, tokenIn: Address, tokenOut: Address): CandidateRoute[] {
  const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase();
  const hops = [facts.wrappedNative.address, ...facts.stablecoins.map((s) => s.address)].filter(
    (h) => !same(h, tokenIn) && !same(h, tokenOut),
  );
  const paths: Address[][] = [[tokenIn, tokenOut], ...hops.map((h) => [tokenIn, h, tokenOut])];
  return facts.dexes.flatMap((_, dexIndex) => paths.map((path) => ({ dexIndex, path })));
}

/** 1 − (out/in) ÷ (probeOut/probeIn), in percent with 2 decimals; fees of the path are in both, so they cancel. */
export function priceImpactPercent(input: {
  amountIn: bigint;
  amountOut: bigint;
  probeIn: bigint;
  probeOut: bigint;
}): number | null {
  const { amountIn, amountOut, probeIn, probeOut } = input;
  if (probeIn === 0n || probeOut === 0n || amountIn === 0n) return null;
  // out·probeIn / (in·probeOut) scaled to basis points of basis points for two decimals of percent.
  const ratio = (amountOut * probeIn * 1_000_000n) / (amountIn * probeOut);
  const impact = Number(1_000_000n - ratio) / 10_000;
  return Math.max(0, Math.round(impact * 100) / 100);
}

/** The route that gives the most, or null when no candidate quotes. */
export function bestRoute(routes: QuotedRoute[]): QuotedRoute | null {
  return routes.reduce<QuotedRoute | null>(
    (best, r) => (r.amountOut > 0n && (!best || r.amountOut > best.amountOut) ? r : best),
    null,
  );
}

/**
 * getAmountsOut of every candidate, for the amount and for a tiny probe, in ONE multicall; candidates
 * whose pools are missing (the router reverts) are dropped.
 */
export async function quoteRoutes(input: {
  chain: ChainKey;
  client: PublicClient;
  facts: ChainFacts;
  candidates: CandidateRoute[];
  amountIn: bigint;
}): Promise<QuotedRoute[]> {
  const { facts, candidates, amountIn } = input;
  const probeIn = amountIn / PROBE_DIVISOR;
  const quote = (c: CandidateRoute, amount: bigint) =>
    ({
      address: facts.dexes[c.dexIndex].router,
      abi: ROUTER_QUOTE_ABI,
      functionName: 'getAmountsOut',
      args: [amount, c.path],
    }) as const;
  const results = await input.client.multicall({
    allowFailure: true,
    contracts: candidates.flatMap((c) => [quote(c, amountIn), quote(c, probeIn > 0n ? probeIn : 1n)]),
  });
  throwIfTransportFailed(input.chain, results);
  return candidates.flatMap((c, i) => {
    const [full, probe] = [results[i * 2], results[i * 2 + 1]];
    if (full.status !== 'success') return [];
    const amountOut = last(full.result);
    if (amountOut === 0n) return [];
    const probeOut = probe.status === 'success' ? last(probe.result) : 0n;
    return [
      {
        ...c,
        dex: facts.dexes[c.dexIndex].name,
        router: facts.dexes[c.dexIndex].router,
        amountOut,
        priceImpactPercent: probeIn > 0n ? priceImpactPercent({ amountIn, amountOut, probeIn, probeOut }) : null,
      },
    ];
  });
}

function last(amounts: readonly bigint[]): bigint {
  return amounts[amounts.length - 1] ?? 0n;
}
