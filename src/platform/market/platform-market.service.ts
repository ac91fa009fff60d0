import { Injectable } from '@nestjs/common';
import { formatUnits } from 'viem';
import { HolderMovements, type LargeTransferRow } from '../../analysis/holders/holder.movements';
import type { HolderTag } from '../../analysis/holders/holders.types';
import type { TokenReport } from '../../analysis/report/token-report';
import { AppError } from '../../common/errors/app-error';
import type { ChainKey } from '../../config/app-config';
import { CACHE_TTL, PlatformAnalysisService } from '../analyze/platform-analysis.service';
import type { PriceResponse, TransferKind, WhalesResponse } from './market.views';

const LIST_LIMIT = 50;
const ZERO = '0x0000000000000000000000000000000000000000';

export class NoPriceError extends AppError {
  constructor(symbol: string) {
    super('not_found', `No DEX pool gives ${symbol} a USD price on this chain`, { details: { symbol } });
  }
}

/** Price by symbol and whale movements, from the market and holder sections of the report. */
@Injectable()
export class PlatformMarketService {
  constructor(
    private readonly analysis: PlatformAnalysisService,
    private readonly movements: HolderMovements,
  ) {}

  async price(chain: ChainKey, symbol: string): Promise<PriceResponse> {
    const { served } = await this.analysis.report({
      chain,
      token: symbol,
      field: 'symbol',
      features: ['market'],
      cacheTtl: CACHE_TTL.price,
    });
    const r = served.report;
    const m = r.market!;
    const pair = m.tradingPairs.find((p) => p.address === m.evidence.pricePair);
    if (m.priceUsd === null || !pair) throw new NoPriceError(symbol);
    const quote = m.evidence.quotePrices.find((q) => q.address.toLowerCase() === pair.quoteAddress.toLowerCase());
    return {
      chain: r.chain,
      chain_id: r.chainId,
      symbol: r.token.symbol,
      address: r.address,
      price_usd: m.priceUsd,
      change_24h_percent: m.priceChange24hPercent,
      pool: {
        address: pair.address,
        dex: pair.dex,
        // Reports cached before pools had kinds listed V2 pairs only.
        kind: pair.kind ?? 'v2',
        fee_tier: pair.feeTier ?? null,
        stable: pair.stable ?? null,
        pair: pair.pair,
        quote_symbol: pair.quoteSymbol,
        quote_usd: quote?.usd ?? null,
        liquidity_usd: pair.liquidityUsd,
      },
      block: {
        number: m.evidence.blockNumber ?? 0,
        time: m.evidence.blockTimestamp === null ? null : new Date(m.evidence.blockTimestamp * 1000).toISOString(),
      },
      cached: served.cacheStatus === 'CACHED',
    };
  }

  async whales(chain: ChainKey, token: string): Promise<WhalesResponse> {
    const { served } = await this.analysis.report({
      chain,
      token,
      field: 'token',
      features: ['market', 'holder_analysis'],
      cacheTtl: CACHE_TTL.whales,
    });
    const r = served.report;
    const ev = r.holders!.evidence;
    const since = new Date(ev.window_start);
    const transferMin = BigInt(ev.large_transaction_min);
    const holderMin = BigInt(ev.large_holder_min);
    const [transfers, shifts] = await Promise.all([
      this.movements.largeTransfers({ chain, token: r.address, since, min: transferMin, limit: LIST_LIMIT }),
      this.movements.holderShifts({ chain, token: r.address, since, min: holderMin, limit: LIST_LIMIT + 1 }),
    ]);
    const tags = tagsOf(r);
    const whole = (v: bigint) => formatUnits(v, r.token.decimals);
    return {
      chain: r.chain,
      chain_id: r.chainId,
      address: r.address,
      symbol: r.token.symbol,
      window: {
        from: ev.window_start,
        to: ev.head_time,
        to_block: ev.head_block,
        basis: '24 h of chain time ending at the indexed head block',
      },
      thresholds: { large_transfer_min: whole(transferMin), holder_shift_min: whole(holderMin) },
      summary: {
        large_transfers: r.holders!.recent_activity.large_transactions,
        large_holders_moved: ev.large_holders_moved_24h,
        whale_activity: r.holders!.whale_activity,
      },
      large_transfers: transfers.map((t) => ({
        block_number: t.blockNumber,
        log_index: t.logIndex,
        time: t.blockTime.toISOString(),
        from: t.from,
        to: t.to,
        amount: whole(t.value),
        percent_of_supply: percentOf(t.value, BigInt(r.token.totalSupply)),
        kind: kindOf(t, tags),
      })),
      holder_shifts: shifts
        .filter((s) => s.holder !== ZERO)
        .slice(0, LIST_LIMIT)
        .map((s) => ({
          address: s.holder,
          net_change: whole(s.netChange),
          balance: whole(s.balance),
          direction: s.netChange > 0n ? 'accumulating' : 'distributing',
          tags: tags.get(s.holder) ?? [],
        })),
    };
  }
}

function tagsOf(r: TokenReport): Map<string, HolderTag[]> {
  const tags = new Map<string, HolderTag[]>();
  for (const e of r.holders!.evidence.excluded_addresses) tags.set(e.address.toLowerCase(), e.tags);
  for (const h of r.holders!.top_holders) if (h.tags.length) tags.set(h.address.toLowerCase(), h.tags);
  return tags;
}

function kindOf(t: LargeTransferRow, tags: Map<string, HolderTag[]>): TransferKind {
  const has = (address: string, tag: HolderTag) => (tags.get(address) ?? []).includes(tag);
  if (t.from === ZERO) return 'mint';
  if (t.to === ZERO || has(t.to, 'burn')) return 'burn';
  if (has(t.from, 'pair')) return 'buy';
  if (has(t.to, 'pair')) return 'sell';
  return 'transfer';
}

function percentOf(value: bigint, supply: bigint): number {
  return supply === 0n ? 0 : Number((value * 1_000_000n) / supply) / 10_000;
}
