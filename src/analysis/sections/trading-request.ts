import type { Discovery } from '../market/pair-discovery';
import type { TradingRequest } from '../trading/trading.types';
import type { ScanContext } from './section';

/** What the wash-trading and sniper analyzers read: the pools and the token's own facts. */
export function tradingRequest(pools: Discovery, { chain, address, info }: ScanContext): TradingRequest {
  return {
    chain,
    address,
    pairs: pools.pairs.map((p) => ({
      address: p.address,
      quoteAddress: p.quote.address,
      quoteSymbol: p.quote.symbol,
      dex: p.dex,
    })),
    decimals: info.decimals,
    totalSupply: info.totalSupply,
    latestBlock: pools.latest.number,
  };
}
