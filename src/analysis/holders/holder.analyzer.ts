import { Injectable } from '@nestjs/common';
import { formatUnits, getAddress, type Address } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import { HolderIndexer } from './holder.indexer';
import {
  BURN_ADDRESSES,
  distributionLabel,
  holderTags,
  isExcludedTag,
  LARGE_TRANSACTION_PERCENT,
  WHALE_THRESHOLDS,
  whaleActivityLabel,
  ZERO_ADDRESS,
} from './holder.labels';
import { HolderRepository, type BalanceRow, type HolderStats, type TokenKey } from './holder.repository';
import { circulatingSupply, concentrationShares, countedHolders, percentOf } from './holder.shares';
import type { HolderAnalysisInput, HolderEvidence, HolderSection, IndexOutcome, TopHolder } from './holders.types';
import { TransferLogSource } from './transfer-log.source';

const DAY_SECONDS = 24 * 3600;
/** How many of the largest balances the section lists (and checks for code). */
export const TOP_HOLDERS_LISTED = 20;

/** Share of `supply` given in percent (may be fractional), rounded down; at least 1 raw unit. */
function shareOfSupply(supply: bigint, percent: number): bigint {
  const amount = (supply * BigInt(Math.round(percent * 100))) / 10_000n;
  return amount > 0n ? amount : 1n;
}

/**
 * The holder section: brings the token's index up to the chain head (HolderIndexer), then reads
 * counts, shares and 24 h activity from PostgreSQL. A warm scan costs the head read, one
 * eth_getLogs when blocks were added, and an eth_getCode batch only for new top holders.
 */
@Injectable()
export class HolderAnalyzer {
  constructor(
    private readonly indexer: HolderIndexer,
    private readonly repository: HolderRepository,
    private readonly chains: ChainRegistry,
  ) {}

  async analyze(input: HolderAnalysisInput): Promise<HolderSection> {
    const key: TokenKey = { chain: input.chain, token: input.address.toLowerCase() };
    const outcome = await this.indexer.indexToLatest({ chain: input.chain, token: input.address });
    const pairs = new Set((input.pairs ?? []).map((p) => p.toLowerCase()));
    const excluded = [...new Set([...pairs, ...BURN_ADDRESSES, ZERO_ADDRESS])];
    const since = outcome.head.timestamp - DAY_SECONDS;
    const largeHolderMin = shareOfSupply(input.totalSupply, WHALE_THRESHOLDS.largeHolderPercent);
    const largeTransactionMin = shareOfSupply(input.totalSupply, LARGE_TRANSACTION_PERCENT);
    const stats = await this.repository.readStats({
      ...key,
      excluded,
      since,
      topLimit: 100 + excluded.length,
      largeHolderMin,
      largeTransferMin: largeTransactionMin,
    });
    const listed = stats.top.slice(0, TOP_HOLDERS_LISTED);
    const contracts = await this.contractFlags(key, listed);

    const burned = stats.excludedBalances
      .filter((b) => BURN_ADDRESSES.includes(b.holder) && b.balance > 0n)
      .reduce((sum, b) => sum + b.balance, 0n);
    const circulating = circulatingSupply(input.totalSupply, burned);
    const shares = concentrationShares({ ranked: stats.top, excluded: new Set(excluded), circulating });
    const indexedSupply = -(stats.excludedBalances.find((b) => b.holder === ZERO_ADDRESS)?.balance ?? 0n);
    const evidence: HolderEvidence = {
      ...scanEvidence(outcome),
      window_start: new Date(since * 1000).toISOString(),
      circulating_supply: circulating.toString(),
      burned_balance: burned.toString(),
      indexed_supply: indexedSupply.toString(),
      supply_matches_logs: indexedSupply === input.totalSupply,
      large_holder_min: largeHolderMin.toString(),
      large_transaction_min: largeTransactionMin.toString(),
      large_holders_moved_24h: stats.largeHoldersMoved,
      excluded_addresses: excludedPresent(stats, pairs),
    };
    return {
      total_holders: countedHolders(stats.checkpoint?.holderCount ?? 0, stats.excludedBalances),
      top_10_percentage: shares.top10,
      top_100_percentage: shares.top100,
      whale_activity: whaleActivityLabel(stats.largeHoldersMoved),
      distribution: distributionLabel(shares.top10),
      recent_activity: { new_holders_24h: stats.newHolders, large_transactions: stats.largeTransfers },
      top_holders: listed.map((row, i) => topHolder({ row, rank: i + 1, input, pairs, isContract: contracts.get(row.holder) ?? false })),
      indexed_to_block: stats.checkpoint?.lastBlock ?? outcome.indexedToBlock,
      evidence,
    };
  }

  /** Cached flags, plus one eth_getCode batch for listed holders never checked (saved for next time). */
  private async contractFlags(key: TokenKey, listed: BalanceRow[]): Promise<Map<string, boolean>> {
    const flags = new Map<string, boolean>();
    const unknown: string[] = [];
    for (const row of listed) {
      if (row.isContract !== null) flags.set(row.holder, row.isContract);
      // Burn and zero addresses hold no code by construction; everything else (pairs too) is checked.
      else if (!BURN_ADDRESSES.includes(row.holder) && row.holder !== ZERO_ADDRESS) unknown.push(row.holder);
    }
    if (unknown.length === 0) return flags;
    const source = new TransferLogSource(this.chains.get(key.chain).client, key.chain);
    const answers = await source.contractFlags(unknown);
    const checked = unknown.map((holder, i) => ({ holder, isContract: answers[i] }));
    for (const c of checked) flags.set(c.holder, c.isContract);
    await this.repository.saveContractFlags(key, checked);
    return flags;
  }
}

function scanEvidence(outcome: IndexOutcome): Pick<HolderEvidence, 'source' | 'head_block' | 'head_time' | 'indexed_this_scan' | 'get_logs_requests' | 'range_refusals'> {
  return {
    source: 'transfer_logs',
    head_block: outcome.head.number,
    head_time: new Date(outcome.head.timestamp * 1000).toISOString(),
    indexed_this_scan:
      outcome.fromBlock === null ? null : { from_block: outcome.fromBlock, to_block: outcome.indexedToBlock, transfers: outcome.transfersApplied },
    get_logs_requests: outcome.getLogsRequests,
    range_refusals: outcome.rangeRefusals,
  };
}

function excludedPresent(stats: HolderStats, pairs: ReadonlySet<string>): HolderEvidence['excluded_addresses'] {
  return stats.excludedBalances
    .filter((b) => b.balance > 0n)
    .map((b) => ({ address: getAddress(b.holder), tags: holderTags(b.holder, pairs, b.isContract ?? false) }));
}

function topHolder(params: { row: BalanceRow; rank: number; input: HolderAnalysisInput; pairs: ReadonlySet<string>; isContract: boolean }): TopHolder {
  const { row, input } = params;
  const tags = holderTags(row.holder, params.pairs, params.isContract);
  return {
    rank: params.rank,
    address: getAddress(row.holder) as Address,
    balance: row.balance.toString(),
    amount: formatUnits(row.balance, input.decimals),
    percentage: percentOf(row.balance, input.totalSupply),
    tags,
    excluded: isExcludedTag(tags),
  };
}
