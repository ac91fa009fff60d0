import { keccak256, numberToHex, toHex, type Address, type Hex, type PublicClient } from 'viem';
import { ChainUnavailableError, toChainError } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import { rangeRefusal } from '../holders/log-range.policy';

/** A log as eth_getLogs returns it (hex quantities). */
export interface RawLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  logIndex: Hex;
  transactionHash: Hex;
  /** Sent by newer nodes (anvil, reth, geth ≥ 1.16); absent elsewhere. */
  blockTimestamp?: Hex;
}

export const SWAP_TOPIC = keccak256(toHex('Swap(address,uint256,uint256,uint256,uint256,address)'));
/** Solidly pools (Aerodrome, Velodrome V2): `to` is the second topic and the data the same four amounts as V2's. */
export const SOLIDLY_SWAP_TOPIC = keccak256(toHex('Swap(address,address,uint256,uint256,uint256,uint256)'));
/** V3 pools: `recipient` is the second topic; the data starts with the pool's signed amount0, amount1 (positive: into the pool). */
export const V3_SWAP_TOPIC = keccak256(toHex('Swap(address,address,int256,int256,uint160,uint128,int24)'));
/** Every kind's Swap, for one eth_getLogs topic filter. */
export const SWAP_TOPICS = [SWAP_TOPIC, SOLIDLY_SWAP_TOPIC, V3_SWAP_TOPIC];
/** V2 and Solidly pools share this Mint. */
export const MINT_TOPIC = keccak256(toHex('Mint(address,uint256,uint256)'));
export const V3_MINT_TOPIC = keccak256(toHex('Mint(address,address,int24,int24,uint128,uint256,uint256)'));
export const TRANSFER_TOPIC = keccak256(toHex('Transfer(address,address,uint256)'));

export interface LogQuery {
  address: Address | Address[];
  topics: (Hex | Hex[] | null)[];
}

export interface Span {
  from: number;
  to: number;
}

export interface LogsResult {
  /** Per query, in chain order. */
  logs: RawLog[][];
  /** Blocks fully read for every query: the newest contiguous stretch ending at the requested end. */
  covered: Span | null;
  truncated: boolean;
  error: string | null;
}

/** Blocks per eth_getLogs in the first round: within what common providers accept for a pair's logs. */
export const DEFAULT_CHUNK_BLOCKS = 10_000;
/** Rounds of halving a refused chunk before the window gives up its oldest refused part. */
export const MAX_SPLIT_ROUNDS = 3;

/** Splits [from, to] into chunks of at most `size` blocks, newest first. */
export function chunkSpan(span: Span, size: number): Span[] {
  const chunks: Span[] = [];
  for (let to = span.to; to >= span.from; to -= size) chunks.push({ from: Math.max(span.from, to - size + 1), to });
  return chunks;
}

/** The newest contiguous run of done spans that ends at `end`; null when the newest is missing. */
export function coveredFrom(done: Span[], end: number): Span | null {
  const sorted = [...done].sort((a, b) => b.to - a.to);
  let low: number | null = null;
  let expected = end;
  for (const s of sorted) {
    if (s.to !== expected) break;
    low = s.from;
    expected = s.from - 1;
  }
  return low === null ? null : { from: low, to: end };
}

/**
 * Every query over every chunk of [from, to] in one JSON-RPC batch per round (the transport folds
 * concurrent requests into one HTTP request). A chunk a node refuses (range or result caps) is
 * halved — or cut to the node's hint — and retried in the next round, at most MAX_SPLIT_ROUNDS
 * times; what is still refused then shortens the window from its old end (truncated). A node that
 * cannot be reached throws ChainUnavailableError; other refusals come back as `error`.
 */
export async function readLogsBatched(params: {
  chain: ChainKey;
  client: PublicClient;
  queries: LogQuery[];
  span: Span;
  chunkBlocks?: number;
}): Promise<LogsResult> {
  const { span, queries } = params;
  const logs: RawLog[][] = queries.map(() => []);
  if (span.from > span.to) return { logs, covered: span, truncated: false, error: null };
  let pending = chunkSpan(span, params.chunkBlocks ?? DEFAULT_CHUNK_BLOCKS);
  const done: Span[] = [];
  let error: string | null = null;
  for (let round = 0; pending.length > 0 && round <= MAX_SPLIT_ROUNDS; round++) {
    const outcomes = await Promise.all(pending.map((chunk) => readChunk({ ...params, chunk })));
    const next: Span[] = [];
    outcomes.forEach((outcome, i) => {
      const chunk = pending[i];
      if (outcome.ok) {
        outcome.logs.forEach((list, q) => logs[q].push(...list));
        done.push(chunk);
        return;
      }
      error = outcome.error;
      if (outcome.hint !== null && chunk.to > chunk.from) next.push(...chunkSpan(chunk, outcome.hint));
    });
    pending = next;
  }
  const covered = coveredFrom(done, span.to);
  for (const list of logs) list.sort(byPosition);
  const kept = covered
    ? logs.map((list) => list.filter((l) => Number(l.blockNumber) >= covered.from))
    : queries.map(() => []);
  const truncated = !covered || covered.from > span.from;
  return { logs: kept, covered, truncated, error: truncated ? error : null };
}

type ChunkOutcome = { ok: true; logs: RawLog[][] } | { ok: false; error: string; hint: number | null };

async function readChunk(params: {
  chain: ChainKey;
  client: PublicClient;
  queries: LogQuery[];
  chunk: Span;
}): Promise<ChunkOutcome> {
  const { client, chunk } = params;
  try {
    const logs = await Promise.all(
      params.queries.map(
        (q) =>
          client.request({
            method: 'eth_getLogs',
            params: [
              {
                address: q.address,
                topics: q.topics,
                fromBlock: numberToHex(chunk.from),
                toBlock: numberToHex(chunk.to),
              },
            ],
          }) as unknown as Promise<RawLog[]>,
      ),
    );
    return { ok: true, logs };
  } catch (err) {
    const mapped = toChainError(err, params.chain);
    if (mapped instanceof ChainUnavailableError) throw mapped;
    const refusal = rangeRefusal(err);
    const span = chunk.to - chunk.from + 1;
    const hinted = refusal?.hint ?? (refusal?.ratio !== undefined ? Math.floor(span * refusal.ratio) : undefined);
    const size = refusal ? Math.max(1, Math.min(span - 1, hinted ?? Math.ceil(span / 2))) : null;
    return { ok: false, error: firstLine(err), hint: size };
  }
}

export function byPosition(a: RawLog, b: RawLog): number {
  return Number(a.blockNumber) - Number(b.blockNumber) || Number(a.logIndex) - Number(b.logIndex);
}

/** First line only: viem appends request details (with the RPC URL) on later lines. */
export function firstLine(err: unknown): string {
  const message = (err as { shortMessage?: string }).shortMessage ?? (err as Error)?.message ?? String(err);
  return String(message).split('\n')[0].slice(0, 200);
}

/** The 32-byte topic of an address (indexed event argument). */
export function addressTopic(address: Address): Hex {
  return `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
}

/** The address in a 32-byte topic, lower-cased. */
export function topicAddress(topic: Hex): string {
  return `0x${topic.slice(26)}`.toLowerCase();
}

/** The n-th 32-byte word of log data as a two's-complement int256. */
export function signedDataWord(data: Hex, n: number): bigint {
  const word = dataWord(data, n);
  return word >= 2n ** 255n ? word - 2n ** 256n : word;
}

/** The n-th 32-byte word of log data. */
export function dataWord(data: Hex, n: number): bigint {
  const word = data.slice(2 + n * 64, 2 + (n + 1) * 64);
  return word.length === 64 ? BigInt(`0x${word}`) : 0n;
}
