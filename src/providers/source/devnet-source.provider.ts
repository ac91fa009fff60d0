import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { getAddress, numberToHex, type Address, type Hex } from 'viem';
import { compileContracts, UNPUBLISHED_DIR, type CompiledContract, type CompileResult } from '../../../devnet';
import { ChainRegistry } from '../../chain/chain-registry';
import { withChainErrors } from '../../chain/chain.errors';
import { projectRoot } from '../../common/project-root';
import type { ChainKey } from '../../config/app-config';
import { stripMetadata } from '../../chain/bytecode-metadata';
import { contractComments } from './natspec';
import {
  SourceProvider,
  type ExplorerCreation,
  type SourceProviderHealth,
  type SourceVerification,
  type VerifyHints,
} from './source-provider';

interface PublishedIndex {
  compilerVersion: string;
  exact: Map<string, CompiledContract>;
  /** Same code but another metadata hash (e.g. a comment changed): still the published source. */
  withoutMetadata: Map<string, CompiledContract>;
}

/** Blocks whose receipts are read at once while the devnet's creation index catches up. */
const RECEIPT_BATCH = 50;

/** Contract creations seen in the devnet's blocks up to `upTo`, by lower-case address. */
interface CreationIndex {
  upTo: bigint;
  byAddress: Map<string, ExplorerCreation>;
}

/** One compile per process and cache folder: solc is slow to load and the sources do not change. */
const indexes = new Map<string, PublishedIndex>();

function publishedIndex(cacheDir: string): PublishedIndex {
  const cached = indexes.get(cacheDir);
  if (cached) return cached;
  const result: CompileResult = compileContracts(cacheDir);
  const index: PublishedIndex = {
    compilerVersion: result.compilerVersion,
    exact: new Map(),
    withoutMetadata: new Map(),
  };
  for (const contract of Object.values(result.contracts)) {
    // Unpublished sources exist in the repo only to build the world; they must never verify anything.
    if (contract.file.startsWith(UNPUBLISHED_DIR) || contract.deployedBytecode === '0x') continue;
    index.exact.set(contract.deployedBytecode.toLowerCase(), contract);
    index.withoutMetadata.set(stripMetadata(contract.deployedBytecode).toLowerCase(), contract);
  }
  indexes.set(cacheDir, index);
  return index;
}

/**
 * Verification for chains the devnet serves: recompiles the devnet's published sources (same
 * compiler and settings as the world) and compares runtime code with eth_getCode.
 */
export class DevnetSourceProvider extends SourceProvider {
  private readonly logger = new Logger(DevnetSourceProvider.name);
  /** Per chain, the index as last brought up to date (one catch-up at a time). */
  private readonly creationIndexes = new Map<ChainKey, Promise<CreationIndex>>();

  constructor(private readonly options: { chains: ChainRegistry; cacheDir: string }) {
    super();
  }

  async verify(chain: ChainKey, address: Address, hints: VerifyHints = {}): Promise<SourceVerification> {
    const code = hints.code ?? (await this.readCode(chain, address));
    if (!code || code === '0x') return { verified: false, provider: 'devnet' };
    const index = this.index();
    if (!index) return { verified: null, provider: 'devnet' };
    const lower = code.toLowerCase();
    const match = index.exact.get(lower) ?? index.withoutMetadata.get(stripMetadata(lower as Hex));
    if (!match) return { verified: false, provider: 'devnet' };
    return {
      verified: true,
      provider: 'devnet',
      source: {
        compiler: index.compilerVersion,
        contractName: match.contract,
        file: match.file,
        comments: this.comments(match),
      },
    };
  }

  /**
   * What an explorer would say: the devnet's blocks are few, so their receipts are indexed once
   * (and caught up as blocks are added). The devnet loaded from its saved world serves no state
   * before the load, so this is how its creators are found. Creations by internal calls are not indexed.
   */
  override async creation(chain: ChainKey, address: Address): Promise<ExplorerCreation | null> {
    const previous =
      this.creationIndexes.get(chain) ?? Promise.resolve({ upTo: -1n, byAddress: new Map<string, ExplorerCreation>() });
    const next = previous
      .catch(() => ({ upTo: -1n, byAddress: new Map<string, ExplorerCreation>() }))
      .then((index) => this.catchUp(chain, index));
    this.creationIndexes.set(chain, next);
    return (await next).byAddress.get(address.toLowerCase()) ?? null;
  }

  private async catchUp(chain: ChainKey, index: CreationIndex): Promise<CreationIndex> {
    const { client } = this.options.chains.get(chain);
    const head = await withChainErrors(chain, () => client.getBlockNumber());
    for (let from = index.upTo + 1n; from <= head; from += BigInt(RECEIPT_BATCH)) {
      const blocks: bigint[] = [];
      for (let b = from; b <= head && b < from + BigInt(RECEIPT_BATCH); b += 1n) blocks.push(b);
      const receipts = await withChainErrors(chain, () =>
        Promise.all(blocks.map((b) => client.request({ method: 'eth_getBlockReceipts', params: [numberToHex(b)] }))),
      );
      for (const r of receipts.flatMap((list) => list ?? [])) {
        if (r.contractAddress && r.status === '0x1') {
          index.byAddress.set(r.contractAddress.toLowerCase(), {
            creator: getAddress(r.from),
            transaction: r.transactionHash,
            block: Number(BigInt(r.blockNumber)),
          });
        }
      }
      index.upTo = blocks[blocks.length - 1];
    }
    return index;
  }

  async healthCheck(): Promise<SourceProviderHealth> {
    return { status: this.index() ? 'operational' : 'unavailable', provider: 'devnet' };
  }

  private index(): PublishedIndex | undefined {
    try {
      return publishedIndex(this.options.cacheDir);
    } catch (err) {
      this.logger.warn(`devnet sources do not compile: ${(err as Error).message}`);
      return undefined;
    }
  }

  private readCode(chain: ChainKey, address: Address): Promise<Hex> {
    const { client } = this.options.chains.get(chain);
    return withChainErrors(chain, () => client.request({ method: 'eth_getCode', params: [address, 'latest'] }));
  }

  private comments(contract: CompiledContract): string | undefined {
    try {
      return contractComments(readFileSync(join(projectRoot(), 'contracts', contract.file), 'utf8'), contract.contract);
    } catch {
      return undefined;
    }
  }
}
