import { encodeFunctionData, getAddress, numberToHex, parseAbi, type Address, type Hex, type PublicClient } from 'viem';
import { ChainUnavailableError, toChainError, withChainErrors } from '../../chain/chain.errors';
import { decodeAggregate3, encodeAggregate3 } from '../token-info/aggregate3';
import type { ChainFacts } from '../../chain/chain-facts';
import type { ChainRegistry } from '../../chain/chain-registry';
import type { ChainKey } from '../../config/app-config';
import { addressTopic, readLogsBatched, SWAP_TOPICS, TRANSFER_TOPIC, type LogsResult, type Span } from './trading-logs';
import type { TradingRequest } from './trading.types';

/**
 * Small chain reads of the trading analyzers. Each issues its requests at once, so reads started
 * together (Promise.all) leave in one JSON-RPC batch — one HTTP request.
 */
const ERC20 = parseAbi(['function balanceOf(address owner) view returns (uint256)']);
/** EIP-7702: an EOA delegating to code shows this prefix; it is still a wallet, not a contract. */
const DELEGATION_PREFIX = '0xef0100';

export interface Head {
  number: number;
  timestamp: number;
}

export async function readHead(client: PublicClient, block: number | 'latest'): Promise<Head> {
  const tag = block === 'latest' ? 'latest' : numberToHex(block);
  const header = await client.request({ method: 'eth_getBlockByNumber', params: [tag, false] });
  if (!header) throw new Error(`no block ${String(block)}`);
  return { number: Number(header.number), timestamp: Number(header.timestamp) };
}

/**
 * balanceOf of every wallet in one Multicall3 aggregate3 at `block`, sent as a raw eth_call so it
 * joins the JSON-RPC batch of the reads started with it (viem's multicall waits a tick longer).
 * null when the node has no state that old (not an archive node).
 */
export async function readBalances(params: {
  chain: ChainKey;
  client: PublicClient;
  multicall3: Address;
  token: Address;
  wallets: string[];
  block: number;
}): Promise<bigint[] | null> {
  if (params.wallets.length === 0) return [];
  const data = encodeAggregate3(
    params.wallets.map((w) => ({
      target: params.token,
      callData: encodeFunctionData({ abi: ERC20, functionName: 'balanceOf', args: [w as Address] }),
    })),
  );
  try {
    // Gas for each balanceOf a token's view may burn: one that loops fails this read, within bounds, not the node's whole call budget.
    const gas = numberToHex(min(BALANCE_READ_GAS * BigInt(params.wallets.length + 1), MAX_READ_GAS));
    const raw = await params.client.request({
      method: 'eth_call',
      params: [{ to: params.multicall3, data, gas }, numberToHex(params.block)],
    });
    // A failed item means no token code at that block yet: nothing was held.
    return decodeAggregate3(raw).map((r) =>
      r.success && r.returnData.length >= 66 ? BigInt(r.returnData.slice(0, 66)) : 0n,
    );
  } catch (err) {
    const mapped = toChainError(err, params.chain);
    if (mapped instanceof ChainUnavailableError) throw mapped;
    return null;
  }
}

const BALANCE_READ_GAS = 100_000n;
/** Below the 30 M block gas limit nodes (anvil among them) refuse calls above. */
const MAX_READ_GAS = 25_000_000n;
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** Which addresses hold code (not counting EIP-7702 delegated wallets). */
export async function readContractFlags(client: PublicClient, addresses: string[]): Promise<Set<string>> {
  const codes = await Promise.all(
    addresses.map((a) => client.request({ method: 'eth_getCode', params: [a as Address, 'latest'] })),
  );
  const contracts = new Set<string>();
  codes.forEach((code: Hex, i) => {
    if (code.length > 2 && !code.toLowerCase().startsWith(DELEGATION_PREFIX)) contracts.add(addresses[i].toLowerCase());
  });
  return contracts;
}

/** Addresses that move coins for others, never a trader nor a funder: routers and wrapped native. */
export function infrastructure(facts: ChainFacts, pairs: string[]): Set<string> {
  return new Set([
    ...facts.dexes.map((d) => d.router.toLowerCase()),
    facts.wrappedNative.address.toLowerCase(),
    ...pairs.map((p) => p.toLowerCase()),
  ]);
}

/** Blocks in `seconds` of chain time at the chain's nominal block time. */
export function blocksIn(seconds: number, blockTimeMs: number): number {
  return Math.max(1, Math.ceil((seconds * 1000) / Math.max(1, blockTimeMs)));
}

/** What both trading analyzers carry through their reads. */
export interface TradingContext {
  chain: ChainKey;
  client: PublicClient;
  facts: ChainFacts;
  token: Address;
  request: TradingRequest;
}

export function tradingContext(chains: ChainRegistry, request: TradingRequest): TradingContext {
  const { facts, client } = chains.get(request.chain);
  return { chain: request.chain, client, facts, token: getAddress(request.address), request };
}

/** The caller's head (the market analysis read it already) or a fresh one. */
export async function latestBlock(ctx: TradingContext): Promise<number> {
  return ctx.request.latestBlock ?? (await readHead(ctx.client, 'latest')).number;
}

/**
 * The start both trading sections share: with no pool there is nothing to read (`noPool`);
 * otherwise `run` gets the context and the head, and chain failures become the chain's errors.
 */
export async function analyseTrading<S>(
  chains: ChainRegistry,
  request: TradingRequest,
  steps: { noPool: () => S; run: (ctx: TradingContext, latest: number) => Promise<S> },
): Promise<S> {
  const ctx = tradingContext(chains, request);
  if (request.pairs.length === 0) return steps.noPool();
  return withChainErrors(request.chain, async () => steps.run(ctx, await latestBlock(ctx)));
}

/** The pools' Swap logs of every kind (`logs[0]`) and the token's Transfers into the pairs (`logs[1]`) over the span: what trades are extracted from. */
export function readSwapLogs(ctx: TradingContext, span: Span): Promise<LogsResult> {
  const pairs = ctx.request.pairs.map((p) => p.address);
  return readLogsBatched({
    chain: ctx.chain,
    client: ctx.client,
    span,
    queries: [
      { address: pairs, topics: [SWAP_TOPICS] },
      { address: ctx.token, topics: [TRANSFER_TOPIC, null, pairs.map(addressTopic)] },
    ],
  });
}
