import { Inject, Injectable } from '@nestjs/common';
import { getAddress, isAddress, parseAbi, type Address } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import { withChainErrors } from '../../chain/chain.errors';
import { Clock } from '../../common/clock';
import type { ChainKey } from '../../config/app-config';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform.options';

const VAULT_ABI = parseAbi(['function stakedOf(address) view returns (uint256)']);
const DEFAULT_CACHE_MS = 30_000;

export interface StakingSource {
  chain: ChainKey;
  /** The id of the chain as served (31337 for `eth` on the embedded devnet). */
  chainId: number;
  vault: Address;
  token: Address;
  decimals: number;
}

export interface StakeReading {
  /** Raw units of the service token; 0 when staking is not configured. */
  stake: bigint;
  /** Where it was read; null when staking is not configured (every key is then Free). */
  source: StakingSource | null;
  blockNumber: number | null;
  readAt: Date;
}

/**
 * Reads `stakedOf(wallet)` from the staking vault. A reading is trusted for `stakeCacheMs` (30 s):
 * callers that need the truth now (the account endpoint, a refusal for too small a stake) ask for
 * a fresh one, so a new stake counts at once and a dropped stake at the latest after the cache time.
 */
@Injectable()
export class StakeReader {
  private readonly cache = new Map<string, StakeReading>();
  private resolved: StakingSource | null | undefined;

  constructor(
    private readonly chains: ChainRegistry,
    private readonly clock: Clock,
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions,
  ) {}

  async stakeOf(wallet: string, opts: { fresh?: boolean } = {}): Promise<StakeReading> {
    const key = wallet.toLowerCase();
    const cached = this.cache.get(key);
    const maxAge = this.options.stakeCacheMs ?? DEFAULT_CACHE_MS;
    if (!opts.fresh && cached && this.clock.now().getTime() - cached.readAt.getTime() < maxAge) return cached;
    const reading = await this.read(key);
    this.cache.set(key, reading);
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return reading;
  }

  /**
   * The vault to read, or null when none is known for the staking chain. On a chain the devnet
   * serves, the devnet's own vault (a chain fact) wins over the configured one.
   */
  source(): StakingSource | null {
    if (this.resolved !== undefined) return this.resolved;
    const chain = this.options.stakingChain ?? 'eth';
    const decimals = this.options.serviceTokenDecimals ?? 18;
    let vault = this.options.stakingVault;
    let token = this.options.serviceToken;
    if (this.chains.isConfigured(chain) && this.chains.get(chain).servedByDevnet) {
      const staking = this.chains.get(chain).facts.staking;
      vault = staking?.vault;
      token = staking?.serviceToken;
    }
    const valid =
      vault &&
      token &&
      isAddress(vault, { strict: false }) &&
      isAddress(token, { strict: false }) &&
      this.chains.isConfigured(chain);
    this.resolved = valid
      ? {
          chain,
          chainId: this.chains.get(chain).facts.chainId,
          vault: getAddress(vault!),
          token: getAddress(token!),
          decimals,
        }
      : null;
    return this.resolved;
  }

  private async read(wallet: string): Promise<StakeReading> {
    const source = this.source();
    const readAt = this.clock.now();
    if (!source) return { stake: 0n, source: null, blockNumber: null, readAt };
    const { client } = this.chains.get(source.chain);
    // Both calls go out in one JSON-RPC batch.
    const [blockNumber, stake] = await withChainErrors(source.chain, () =>
      Promise.all([
        client.getBlockNumber({ cacheTime: 0 }),
        client.readContract({
          address: source.vault,
          abi: VAULT_ABI,
          functionName: 'stakedOf',
          args: [getAddress(wallet)],
        }),
      ]),
    );
    return { stake, source, blockNumber: Number(blockNumber), readAt };
  }
}
