import type { Address } from 'viem';
import { dataWord, signedDataWord, topicAddress, V3_SWAP_TOPIC, type RawLog } from './trading-logs';
import type { TradingPairRef } from './trading.types';

/** One swap of the analysed token, attributed to the wallet that bought or sold. */
export interface Trade {
  /** Lower-cased address. */
  wallet: string;
  side: 'buy' | 'sell';
  /** Token raw units that left (buy) or entered (sell) the pair. */
  amount: bigint;
  block: number;
  /** Block time when the node sends it with the log. */
  timestamp?: number;
  logIndex: number;
  tx: string;
  pair: string;
}

export interface PairSide {
  /** Lower-cased. */
  address: string;
  tokenIsToken0: boolean;
}

export interface Extraction {
  trades: Trade[];
  /** Token volume of every swap, attributed or not (raw units). */
  totalVolume: bigint;
  swaps: number;
  /** Swaps whose wallet could not be told (multi-hop legs, sells without a visible transfer in). */
  unattributed: number;
}

/** V2, V3 and Solidly pools all sort their tokens: token0 is the lower address. */
export function pairSides(token: Address, pairs: TradingPairRef[]): PairSide[] {
  return pairs.map((p) => ({
    address: p.address.toLowerCase(),
    tokenIsToken0: token.toLowerCase() < p.quoteAddress.toLowerCase(),
  }));
}

/**
 * Attribution that holds on mainnet V2 pools as well as on the devnet. A pair's Swap names the
 * router as `sender` and the recipient as `to`: a buy belongs to `to`. A sell's `to` is the router
 * when the wallet takes native coin out, so a sell belongs to the `from` of the token Transfer into
 * the pair in the same transaction (the router's transferFrom(wallet, pair)), the last one before
 * the Swap. Legs whose wallet is a pair of the token (multi-hop) or in `ignore` (routers, wrapped
 * native) are counted in the volume but not attributed.
 */
export function extractTrades(params: {
  pairs: PairSide[];
  swaps: RawLog[];
  transfersIn: RawLog[];
  ignore?: Set<string>;
}): Extraction {
  const sides = new Map(params.pairs.map((p) => [p.address, p]));
  const skip = new Set([...(params.ignore ?? []), ...sides.keys()]);
  const inbound = groupByTx(params.transfersIn);
  const trades: Trade[] = [];
  let totalVolume = 0n;
  let unattributed = 0;
  for (const log of params.swaps) {
    const pair = log.address.toLowerCase();
    const side = sides.get(pair);
    if (!side) continue;
    const amounts = tokenAmounts(log, side.tokenIsToken0);
    const base = {
      block: Number(log.blockNumber),
      timestamp: log.blockTimestamp ? Number(log.blockTimestamp) : undefined,
      logIndex: Number(log.logIndex),
      tx: log.transactionHash.toLowerCase(),
      pair,
    };
    // A swap can move the token both ways (flash swaps); the larger leg is the trade.
    const isBuy = amounts.out >= amounts.in;
    const amount = isBuy ? amounts.out : amounts.in;
    if (amount === 0n) continue;
    totalVolume += amount;
    const wallet = isBuy ? topicAddress(log.topics[2]) : sellerOf(inbound.get(base.tx) ?? [], pair, base.logIndex);
    if (!wallet || skip.has(wallet)) {
      unattributed++;
      continue;
    }
    trades.push({ wallet, side: isBuy ? 'buy' : 'sell', amount, ...base });
  }
  return { trades, totalVolume, swaps: params.swaps.length, unattributed };
}

function tokenAmounts(log: RawLog, tokenIsToken0: boolean): { in: bigint; out: bigint } {
  if (log.topics[0] === V3_SWAP_TOPIC) {
    // V3 Swap data: the pool's signed amount0, amount1 (positive: the pool received it).
    const delta = signedDataWord(log.data, tokenIsToken0 ? 0 : 1);
    return delta > 0n ? { in: delta, out: 0n } : { in: 0n, out: -delta };
  }
  // V2 and Solidly Swap data: amount0In, amount1In, amount0Out, amount1Out.
  return tokenIsToken0
    ? { in: dataWord(log.data, 0), out: dataWord(log.data, 2) }
    : { in: dataWord(log.data, 1), out: dataWord(log.data, 3) };
}

function groupByTx(logs: RawLog[]): Map<string, RawLog[]> {
  const byTx = new Map<string, RawLog[]>();
  for (const log of logs) {
    const tx = log.transactionHash.toLowerCase();
    const list = byTx.get(tx) ?? [];
    list.push(log);
    byTx.set(tx, list);
  }
  return byTx;
}

/** `from` of the last token Transfer into `pair` before the Swap at `logIndex` in the same tx. */
function sellerOf(transfers: RawLog[], pair: string, logIndex: number): string | null {
  let best: RawLog | null = null;
  for (const t of transfers) {
    if (topicAddress(t.topics[2]) !== pair || Number(t.logIndex) >= logIndex) continue;
    if (!best || Number(t.logIndex) > Number(best.logIndex)) best = t;
  }
  return best ? topicAddress(best.topics[1]) : null;
}

/** The earliest Mint on any of the pairs: where liquidity was first added. */
export function firstMint(mints: RawLog[]): { pair: string; block: number; logIndex: number } | null {
  let first: RawLog | null = null;
  for (const m of mints) {
    const earlier =
      !first ||
      Number(m.blockNumber) < Number(first.blockNumber) ||
      (m.blockNumber === first.blockNumber && Number(m.logIndex) < Number(first.logIndex));
    if (earlier) first = m;
  }
  return first
    ? { pair: first.address.toLowerCase(), block: Number(first.blockNumber), logIndex: Number(first.logIndex) }
    : null;
}
