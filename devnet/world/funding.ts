import { parseEther, type Address } from 'viem';
import { setBalances } from './crowd';
import { Random } from './random';
import type { Timeline } from './timeline';

/** Wallets an exchange pays out to, with the range (ETH) of one withdrawal. */
export interface FundedGroup {
  wallets: Address[];
  minEth: number;
  maxEth: number;
}

const EXCHANGE_FLOAT_ETH = 1_000_000n;
const TOP_UPS = 12;

/**
 * The crowd gets its native coin as withdrawals from a few exchange hot wallets (which themselves
 * have no visible funder), so "who first funded this wallet" has realistic answers: each exchange
 * pays out to dozens of wallets that never trade with each other. A day later some traders top up
 * from whichever exchange they use then; the first funder stays the first withdrawal.
 */
export function exchangeFunding(params: {
  tl: Timeline;
  at: number;
  topUpAt: number;
  exchanges: Address[];
  groups: FundedGroup[];
}): void {
  const { tl, exchanges } = params;
  const rnd = new Random(1559);
  tl.at(params.at, async (w) => {
    await setBalances(w, exchanges, EXCHANGE_FLOAT_ETH);
    for (const group of params.groups) {
      for (const who of group.wallets)
        w.chain.sendValue(rnd.pick(exchanges), who, withdrawal(rnd, group.minEth, group.maxEth));
    }
  });
  const traders = params.groups[0].wallets;
  tl.at(params.topUpAt, (w) => {
    for (const who of rnd.sample(traders, TOP_UPS)) w.chain.sendValue(rnd.pick(exchanges), who, withdrawal(rnd, 5, 25));
  });
}

/**
 * A sniper bundle: one wallet (no visible funder) sends each sniper the same amount in one block,
 * shortly before the liquidity block they all buy in.
 */
export function bundleFunding(params: {
  tl: Timeline;
  at: number;
  funder: Address;
  snipers: Address[];
  eachEth: bigint;
}): void {
  params.tl.at(params.at, async (w) => {
    await setBalances(w, [params.funder], params.eachEth * BigInt(params.snipers.length) + 1n);
    for (const s of params.snipers) w.chain.sendValue(params.funder, s, parseEther(params.eachEth.toString()));
  });
}

/** A withdrawal-looking amount: two decimals, within [min, max] ETH. */
function withdrawal(rnd: Random, minEth: number, maxEth: number): bigint {
  const cents = rnd.int(minEth * 100, maxEth * 100);
  return BigInt(cents) * 10n ** 16n;
}
