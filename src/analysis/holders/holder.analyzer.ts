import { Injectable } from '@nestjs/common';
import { getAddress, type Address } from 'viem';
import type { ChainKey } from '../../config/app-config';
import { ChainRegistry } from '../../chain/chain-registry';
import { HolderIndexer } from './holder.indexer';
import { BURN_ADDRESSES, ZERO_ADDRESS } from './holder.labels';
import { HolderRepository, type BalanceRow, type TokenKey } from './holder.repository';
import { buildHolderSection, sectionQuery, TOP_HOLDERS_LISTED } from './holder.section';
import type { HolderAnalysisInput, HolderSection } from './holders.types';
import { TransferLogSource } from './transfer-log.source';

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

  /** The newest holders of an indexed token (after `analyze`), with their indexed balances. */
  async newestHolders(chain: ChainKey, address: Address, limit: number): Promise<{ address: Address; balance: bigint }[]> {
    const rows = await this.repository.newestHolders({ chain, token: address.toLowerCase() }, limit);
    return rows.map((r) => ({ address: getAddress(r.holder), balance: BigInt(r.balance) }));
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

