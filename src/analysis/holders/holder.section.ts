import { formatUnits, getAddress, type Address } from 'viem';
import { BURN_ADDRESSES, ZERO_ADDRESS } from '../../chain/burn-addresses';
import {
  distributionLabel,
  holderTags,
  isExcludedTag,
  LARGE_TRANSACTION_PERCENT,
  WHALE_THRESHOLDS,
  whaleActivityLabel,
} from './holder.labels';
import type { BalanceRow, HolderStats } from './holder.repository';
import { circulatingSupply, concentrationShares, countedHolders, percentOf } from './holder.shares';
import type { HolderAnalysisInput, HolderEvidence, HolderSection, IndexOutcome, TopHolder } from './holders.types';

const DAY_SECONDS = 24 * 3600;
/** How many of the largest balances the section lists (and checks for code). */
export const TOP_HOLDERS_LISTED = 20;

/** What the section asks the database, derived from the request and the chain head. */
export interface SectionQuery {
  pairs: ReadonlySet<string>;
  /** Pairs, burn addresses and the zero address, lowercase. */
  excluded: string[];
  /** Start of the 24 h window, unix seconds. */
  since: number;
  largeHolderMin: bigint;
  largeTransactionMin: bigint;
}

/** Share of `supply` given in percent (may be fractional), rounded down; at least 1 raw unit. */
function shareOfSupply(supply: bigint, percent: number): bigint {
  const amount = (supply * BigInt(Math.round(percent * 100))) / 10_000n;
  return amount > 0n ? amount : 1n;
}

export function sectionQuery(input: HolderAnalysisInput, headTimestamp: number): SectionQuery {
  const pairs = new Set((input.pairs ?? []).map((p) => p.toLowerCase()));
  return {
    pairs,
    excluded: [...new Set([...pairs, ...BURN_ADDRESSES, ZERO_ADDRESS])],
    since: headTimestamp - DAY_SECONDS,
    largeHolderMin: shareOfSupply(input.totalSupply, WHALE_THRESHOLDS.largeHolderPercent),
    largeTransactionMin: shareOfSupply(input.totalSupply, LARGE_TRANSACTION_PERCENT),
  };
}

/** The section from what the index holds; pure. */
export function buildHolderSection(p: {
  input: HolderAnalysisInput;
  query: SectionQuery;
  outcome: IndexOutcome;
  stats: HolderStats;
  contracts: ReadonlyMap<string, boolean>;
}): HolderSection {
  const { input, query, stats } = p;
  const burned = stats.excludedBalances
    .filter((b) => BURN_ADDRESSES.includes(b.holder) && b.balance > 0n)
    .reduce((sum, b) => sum + b.balance, 0n);
  const circulating = circulatingSupply(input.totalSupply, burned);
  const shares = concentrationShares({ ranked: stats.top, excluded: new Set(query.excluded), circulating });
  // Every transfer moves value between two rows, so what all others hold is what 0x0 gave out.
  const indexedSupply = -(stats.excludedBalances.find((b) => b.holder === ZERO_ADDRESS)?.balance ?? 0n);
  const evidence: HolderEvidence = {
    ...scanEvidence(p.outcome),
    window_start: new Date(query.since * 1000).toISOString(),
    circulating_supply: circulating.toString(),
    burned_balance: burned.toString(),
    indexed_supply: indexedSupply.toString(),
    supply_matches_logs: indexedSupply === input.totalSupply,
    large_holder_min: query.largeHolderMin.toString(),
    large_transaction_min: query.largeTransactionMin.toString(),
    large_holders_moved_24h: stats.largeHoldersMoved,
    excluded_addresses: excludedPresent(stats, query.pairs, p.contracts),
  };
  return {
    total_holders: countedHolders(stats.checkpoint?.holderCount ?? 0, stats.excludedBalances),
    top_10_percentage: shares.top10,
    top_100_percentage: shares.top100,
    whale_activity: whaleActivityLabel(stats.largeHoldersMoved),
    distribution: distributionLabel(shares.top10),
    recent_activity: { new_holders_24h: stats.newHolders, large_transactions: stats.largeTransfers },
    top_holders: stats.top.slice(0, TOP_HOLDERS_LISTED).map((row, i) =>
      topHolder({
        row,
        rank: i + 1,
        input,
        pairs: query.pairs,
        isContract: p.contracts.get(row.holder) ?? row.isContract ?? false,
      }),
    ),
    indexed_to_block: stats.checkpoint?.lastBlock ?? p.outcome.indexedToBlock,
    evidence,
  };
}

function scanEvidence(
  outcome: IndexOutcome,
): Pick<
  HolderEvidence,
  'source' | 'head_block' | 'head_time' | 'indexed_this_scan' | 'get_logs_requests' | 'range_refusals'
> {
  return {
    source: 'transfer_logs',
    head_block: outcome.head.number,
    head_time: new Date(outcome.head.timestamp * 1000).toISOString(),
    indexed_this_scan:
      outcome.fromBlock === null
        ? null
        : { from_block: outcome.fromBlock, to_block: outcome.indexedToBlock, transfers: outcome.transfersApplied },
    get_logs_requests: outcome.getLogsRequests,
    range_refusals: outcome.rangeRefusals,
  };
}

function excludedPresent(
  stats: HolderStats,
  pairs: ReadonlySet<string>,
  contracts: ReadonlyMap<string, boolean>,
): HolderEvidence['excluded_addresses'] {
  return stats.excludedBalances
    .filter((b) => b.balance > 0n)
    .map((b) => ({
      address: getAddress(b.holder),
      tags: holderTags(b.holder, pairs, contracts.get(b.holder) ?? b.isContract ?? false),
    }));
}

function topHolder(params: {
  row: BalanceRow;
  rank: number;
  input: HolderAnalysisInput;
  pairs: ReadonlySet<string>;
  isContract: boolean;
}): TopHolder {
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
