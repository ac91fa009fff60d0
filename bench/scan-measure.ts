/** Timing and JSON-RPC request counting shared by the scan benchmark's reports. */
import { performance } from 'node:perf_hooks';
import type { INestApplication } from '@nestjs/common';
import { ContractAnalyzer } from '../src/analysis/contract/contract.analyzer';
import { HolderAnalyzer } from '../src/analysis/holders/holder.analyzer';
import { MarketAnalyzer } from '../src/analysis/market/market.analyzer';
import { TradeSimulator } from '../src/analysis/simulation/trade.simulator';
import { TokenInfoAnalyzer } from '../src/analysis/token-info/token-info.analyzer';
import { SniperAnalyzer } from '../src/analysis/trading/sniper.analyzer';
import { WashTradingAnalyzer } from '../src/analysis/trading/wash-trading.analyzer';

/** JSON-RPC HTTP requests so far (a batch or a multicall is one). */
export interface RpcCounter {
  readonly requests: number;
  /** Added RPC delay (union of delay windows), when the counter knows it (the latency proxy does). */
  readonly delayedMs?: number;
}

export interface Measured<T = unknown> {
  ms: number;
  rpc: number;
  /** Added RPC delay during the call (0 when the counter does not know it). */
  delayedMs: number;
  value: T;
}

export async function measure<T>(counter: RpcCounter, fn: () => Promise<T>): Promise<Measured<T>> {
  const before = { requests: counter.requests, delayedMs: counter.delayedMs ?? 0 };
  const started = performance.now();
  const value = await fn();
  return {
    ms: performance.now() - started,
    rpc: counter.requests - before.requests,
    delayedMs: (counter.delayedMs ?? 0) - before.delayedMs,
    value,
  };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

/** Column names of perAnalyzer's results, in order. */
export const ANALYZERS = [
  'token info',
  'contract',
  'simulation',
  'market',
  'holders (warm)',
  'wash trading',
  'snipers',
];

/** Each analyzer alone, in the order a scan needs them, for one token (holders with a warm index). */
export async function perAnalyzer(
  app: INestApplication,
  counter: RpcCounter,
  address: `0x${string}`,
): Promise<Measured[]> {
  const chain = 'eth' as const;
  const info = await measure(counter, () => app.get(TokenInfoAnalyzer).analyze({ chain, address }));
  // With its address-only reads sent first, as a scan sends them in the token reads' batch.
  const contracts = app.get(ContractAnalyzer);
  const contract = await measure(counter, () =>
    contracts.analyze({ chain, address, tokenInfo: info.value, prefetched: contracts.prefetch(chain, address) }),
  );
  const simulation = await measure(counter, () => app.get(TradeSimulator).simulate({ chain, address }));
  const market = await measure(counter, () =>
    app.get(MarketAnalyzer).analyze({
      chain,
      address,
      decimals: info.value.decimals,
      totalSupply: info.value.totalSupply,
      symbol: info.value.symbol,
    }),
  );
  const holders = await measure(counter, () =>
    app.get(HolderAnalyzer).analyze({
      chain,
      address,
      totalSupply: info.value.totalSupply,
      decimals: info.value.decimals,
      pairs: market.value.tradingPairs.map((p) => p.address),
    }),
  );
  const trading = {
    chain,
    address,
    pairs: market.value.tradingPairs.map((p) => ({
      address: p.address,
      quoteAddress: p.quoteAddress,
      quoteSymbol: p.quoteSymbol,
      dex: p.dex,
    })),
    decimals: info.value.decimals,
    totalSupply: info.value.totalSupply,
    latestBlock: market.value.evidence.blockNumber ?? undefined,
  };
  const wash = await measure(counter, () => app.get(WashTradingAnalyzer).analyze(trading));
  const snipers = await measure(counter, () => app.get(SniperAnalyzer).analyze(trading));
  return [info, contract, simulation, market, holders, wash, snipers];
}
