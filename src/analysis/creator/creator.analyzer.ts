import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  getAddress,
  isAddressEqual,
  numberToHex,
  parseAbi,
  type Address,
  type PublicClient,
  type RpcTransactionReceipt,
} from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import { AppConfig, CHAIN_KEYS, type ChainKey } from '../../config/app-config';
import { SourceProvider } from '../../providers/source/source-provider';
import { ReportCacheRepository, type CreatedTokenRow } from '../report/report-cache.repository';
import { GRADES } from '../scoring/grades';
import { findCreationBlock } from './creation-search';
import type { CreatedToken, Creation, CreatorSection } from './creator.types';

const BALANCE_OF = parseAbi(['function balanceOf(address) view returns (uint256)']);
/** A block with more transactions than this is not read receipt by receipt (when eth_getBlockReceipts is missing). */
const MAX_RECEIPTS_ONE_BY_ONE = 300;

export const UNKNOWN_CREATION: Creation = {
  address: null,
  block: null,
  transaction: null,
  factory: null,
  source: 'unknown',
};

export interface CreatorRequest {
  chain: ChainKey;
  address: Address;
  totalSupply: bigint;
}

/**
 * A token's creator: from the node's history when it serves historical state (binary search of
 * eth_getCode, at most CREATOR_LOOKUP_BUDGET calls, then the block's receipts), else from the
 * explorer, else unknown. A found creation is kept per chain and token (it never changes): in
 * memory, and in the stored reports that carry it. Never throws: what cannot be read is unknown.
 */
@Injectable()
export class CreatorAnalyzer {
  private readonly logger = new Logger(CreatorAnalyzer.name);
  private readonly known = new LRUCache<string, Creation>({ max: 10_000 });
  /** Tokens neither the node nor the explorer could place, not asked again for a while (an explorer key may be added, a node swapped). */
  private readonly unknown = new LRUCache<string, true>({ max: 10_000, ttl: 600_000 });

  constructor(
    private readonly chains: ChainRegistry,
    private readonly explorer: SourceProvider,
    private readonly reports: ReportCacheRepository,
    private readonly config: AppConfig,
  ) {}

  async analyze(request: CreatorRequest): Promise<CreatorSection> {
    const creation = await this.creation(request.chain, request.address);
    const [balanceSharePercent, otherTokens] = await Promise.all([
      this.balanceShare(request, creation.address),
      this.otherTokens(request, creation.address),
    ]);
    return { ...creation, balanceSharePercent, otherTokens };
  }

  private async creation(chain: ChainKey, address: Address): Promise<Creation> {
    const id = `${chain}:${address.toLowerCase()}`;
    const cached = this.known.get(id);
    if (cached) return cached;
    if (this.unknown.has(id)) return UNKNOWN_CREATION;
    const found =
      (await this.stored(chain, address)) ??
      (await this.fromNodeHistory(chain, address)) ??
      (await this.fromExplorer(chain, address));
    if (!found) {
      this.unknown.set(id, true);
      return UNKNOWN_CREATION;
    }
    this.known.set(id, found);
    return found;
  }

  private async stored(chain: ChainKey, address: Address): Promise<Creation | null> {
    const row = await this.reports.findCreation({ chain, address }).catch((err: unknown) => {
      this.logger.warn(`Stored creators unavailable: ${(err as Error).message}`);
      return null;
    });
    if (!row?.address) return null;
    return {
      address: row.address,
      block: row.block,
      transaction: row.transaction,
      factory: row.factory ?? null,
      source: row.source,
    };
  }

  private async fromNodeHistory(chain: ChainKey, address: Address): Promise<Creation | null> {
    const budget = this.config.creatorLookupBudget;
    if (budget === 0) return null;
    const { client } = this.chains.get(chain);
    try {
      const head = await client.getBlockNumber();
      const hasCodeAt = async (blockNumber: bigint) => {
        const code = await client.getCode({ address, blockNumber });
        return code !== undefined && code !== '0x';
      };
      const search = await findCreationBlock({ hasCodeAt, head, budget });
      if (!search.found) {
        this.logger.debug(
          `No creation block for ${chain}:${address}: ${search.reason} after ${search.calls} eth_getCode calls`,
        );
        return null;
      }
      return await this.deployment(client, address, search.block);
    } catch (err) {
      // Typically a node that has pruned old state ("missing trie node"): the explorer may know.
      this.logger.debug(`Creator of ${chain}:${address} not found in the node's history: ${(err as Error).message}`);
      return null;
    }
  }

  /**
   * The deploying transaction in the creation block: the receipt whose contractAddress is the token.
   * A token created by an internal call (a factory) has no such receipt; without traces, it is the
   * one successful transaction that emitted a log from the token (constructors usually mint), or
   * the block's only successful transaction. Several candidates leave the creator unknown, with the block.
   */
  private async deployment(client: PublicClient, token: Address, block: bigint): Promise<Creation> {
    const at = { block: Number(block), source: 'node_history' as const };
    const receipts = await this.receipts(client, block);
    const direct = receipts.find((r) => r.contractAddress && isAddressEqual(r.contractAddress, token));
    if (direct) return { ...at, address: getAddress(direct.from), transaction: direct.transactionHash, factory: null };
    const succeeded = receipts.filter((r) => r.status === '0x1');
    const touched = succeeded.filter((r) => r.logs.some((log) => isAddressEqual(log.address, token)));
    const candidates = touched.length > 0 ? touched : succeeded;
    if (candidates.length !== 1) return { ...at, address: null, transaction: null, factory: null };
    const [only] = candidates;
    return {
      ...at,
      address: getAddress(only.from),
      transaction: only.transactionHash,
      factory: only.to ? getAddress(only.to) : null,
    };
  }

  private async receipts(client: PublicClient, block: bigint): Promise<RpcTransactionReceipt[]> {
    const all = await client
      .request({ method: 'eth_getBlockReceipts', params: [numberToHex(block)] })
      .catch(() => null);
    if (all) return all;
    const { transactions } = await client.getBlock({ blockNumber: block, includeTransactions: false });
    if (transactions.length > MAX_RECEIPTS_ONE_BY_ONE) return [];
    const receipts = await Promise.all(
      transactions.map((hash) => client.request({ method: 'eth_getTransactionReceipt', params: [hash] })),
    );
    return receipts.filter((r): r is RpcTransactionReceipt => r !== null);
  }

  private async fromExplorer(chain: ChainKey, address: Address): Promise<Creation | null> {
    try {
      const found = await this.explorer.creation(chain, address);
      return found
        ? {
            address: found.creator,
            block: found.block ?? null,
            transaction: found.transaction,
            factory: null,
            source: 'explorer',
          }
        : null;
    } catch (err) {
      this.logger.warn(`Explorer could not name the creator of ${chain}:${address}: ${(err as Error).message}`);
      return null;
    }
  }

  private async balanceShare(request: CreatorRequest, creator: Address | null): Promise<number | null> {
    if (!creator || request.totalSupply <= 0n) return null;
    try {
      const { client } = this.chains.get(request.chain);
      const balance = await client.readContract({
        address: request.address,
        abi: BALANCE_OF,
        functionName: 'balanceOf',
        args: [creator],
      });
      return Number((balance * 1_000_000n) / request.totalSupply) / 10_000;
    } catch {
      return null;
    }
  }

  private async otherTokens(request: CreatorRequest, creator: Address | null): Promise<CreatedToken[]> {
    if (!creator) return [];
    const rows = await this.reports.findCreatedBy(creator, request).catch((err: unknown) => {
      this.logger.warn(`Stored reports unavailable for other tokens of a creator: ${(err as Error).message}`);
      return [];
    });
    return rows.flatMap((row) => this.createdToken(row) ?? []);
  }

  /** A stored report of an older format names no chain id: the chain's as served now. */
  private createdToken(row: CreatedTokenRow): CreatedToken | null {
    const chain = CHAIN_KEYS.find((key) => key === row.chain);
    const grade = GRADES.find((g) => g === row.grade);
    if (!chain || !grade) return null;
    return {
      chain,
      chainId: row.chainId ?? this.chains.identity(chain).chainId,
      address: getAddress(row.address),
      grade,
      serviceScore: row.serviceScore,
      scannedAt: row.createdAt.toISOString(),
    };
  }
}
