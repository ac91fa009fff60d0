import { Injectable } from '@nestjs/common';
import { getAddress, type Address } from 'viem';
import type { ChainKey } from '../../config/app-config';
import { ChainRegistry } from '../../chain/chain-registry';
import { HolderIndexer } from './holder.indexer';
import { BURN_ADDRESSES, ZERO_ADDRESS } from '../../chain/burn-addresses';
import { HolderRepository, type BalanceRow, type TokenKey } from './holder.repository';
import { buildHolderSection, sectionQuery, TOP_HOLDERS_LISTED } from './holder.section';
import type { ChainHead, HolderAnalysisInput, HolderSection, IndexOutcome } from './holders.types';
import { TransferLogSource } from './transfer-log.source';

export interface IndexedHolder {
  address: Address;
  /** What its Transfer logs say it holds, raw units. */
  balance: bigint;
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

  /**
   * Brings the token's index up to `head` (or the chain's, read here): the part of the section that
   * needs only the address, so a scan starts it before the pairs are known.
   */
  index(chain: ChainKey, address: Address, head?: ChainHead, signal?: AbortSignal): Promise<IndexOutcome> {
    return this.indexer.indexToLatest({ chain, token: address, head, signal });
  }

  async analyze(input: HolderAnalysisInput): Promise<HolderSection> {
    const key: TokenKey = { chain: input.chain, token: input.address.toLowerCase() };
    const outcome = await (input.indexed ?? this.indexer.indexToLatest({ chain: input.chain, token: input.address }));
    const query = sectionQuery(input, outcome.head.timestamp);
    const stats = await this.repository.readStats({
      ...key,
      excluded: query.excluded,
      since: query.since,
      // Enough rows that the top 100 stays 100 long once the excluded addresses are skipped.
      topLimit: 100 + query.excluded.length,
      largeHolderMin: query.largeHolderMin,
      largeTransferMin: query.largeTransactionMin,
    });
    const contracts = await this.contractFlags(key, stats.top.slice(0, TOP_HOLDERS_LISTED));
    return buildHolderSection({ input, query, outcome, stats, contracts });
  }

  /**
   * The largest and the newest holders of an indexed token (after `index`), with their indexed
   * balances, and the burn and zero addresses that are never real holders.
   */
  async holderSample(
    chain: ChainKey,
    address: Address,
    limit: number,
  ): Promise<{ largest: IndexedHolder[]; newest: IndexedHolder[]; notHolders: string[] }> {
    const key = { chain, token: address.toLowerCase() };
    const [largest, newest] = await Promise.all([
      this.repository.largestHolders(key, limit),
      this.repository.newestHolders(key, limit),
    ]);
    const rows = (list: { holder: string; balance: string }[]) =>
      list.map((r) => ({ address: getAddress(r.holder), balance: BigInt(r.balance) }));
    return { largest: rows(largest), newest: rows(newest), notHolders: [...BURN_ADDRESSES, ZERO_ADDRESS] };
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
