import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { getAddress } from 'viem';
import type { ApiKeyRecord } from '../accounts/api-key.repository';
import { PLAN_CATALOG } from '../accounts/plans/plan-catalog';
import { TokenAnalysisService } from '../analysis/token-analysis.service';
import { ChainRegistry } from '../chain/chain-registry';
import { isUuid } from '../common/ids';
import { AppConfig, type ChainKey } from '../config/app-config';
import { requestCallbackUrl } from '../jobs/callback-url';
import type { Tier } from '../platform/tiers/tier-catalog';
import { AlreadyWatchedError, WatchLimitError, WatchNotFoundError, type WatchAllowance } from './watch.errors';
import { WatchRepository, type AlertRecord, type WatchRecord, type WatchSurface } from './watch.repository';
import { followsOf, verdictOf } from './verdict';

export interface NewWatch {
  chain: ChainKey;
  address: string;
  callbackUrl?: string;
}

/** Most alerts one read returns. */
export const ALERTS_PAGE = 100;

/**
 * A key's watches: created from a scan of the token (its verdict then, and what on chain can change it),
 * listed, deleted; and the alerts the watcher recorded for them.
 */
@Injectable()
export class WatchService {
  constructor(
    private readonly watches: WatchRepository,
    private readonly analysis: TokenAnalysisService,
    private readonly chains: ChainRegistry,
    private readonly config: AppConfig,
  ) {}

  /** `allowance`: the key's plan's (planAllowance) on A and B, its tier's (tierAllowance) on C. */
  async create(
    key: ApiKeyRecord,
    input: NewWatch,
    surface: WatchSurface,
    allowance: WatchAllowance,
  ): Promise<WatchRecord> {
    const address = getAddress(input.address).toLowerCase();
    const callbackUrl =
      input.callbackUrl === undefined
        ? null
        : (await requestCallbackUrl(input.callbackUrl, this.config.webhooks.allowPrivate)).href;
    const existing = await this.watches.findByToken(key.id, input.chain, address);
    if (existing) throw new AlreadyWatchedError(existing.id);
    const { limit } = allowance;
    // Checked before the scan it would cost; create() checks both again under the key's lock.
    if (limit !== null && (await this.watches.count(key.id)) >= limit)
      throw new WatchLimitError({ ...allowance, limit });
    // The chain's cursor starts before the scan, so nothing between the scan and the first block watched is missed.
    await this.startCursor(input.chain);
    const { report } = await this.analysis.scan({
      chain: input.chain,
      address,
      cacheTtl: 0,
      required: ['security'],
      resolvePairs: false,
    });
    const watch = {
      id: randomUUID(),
      keyId: key.id,
      surface,
      chain: input.chain,
      address,
      callbackUrl,
      verdict: verdictOf(report),
      follows: followsOf(report),
    };
    const outcome = await this.watches.create(watch, limit);
    if (outcome.status === 'limit') throw new WatchLimitError({ ...allowance, limit: limit! });
    if (outcome.status === 'exists') throw new AlreadyWatchedError(outcome.id);
    return outcome.watch;
  }

  list(key: ApiKeyRecord): Promise<WatchRecord[]> {
    return this.watches.list(key.id);
  }

  async get(key: ApiKeyRecord, id: string): Promise<WatchRecord> {
    const watch = isUuid(id) ? await this.watches.find(key.id, id) : null;
    if (!watch) throw new WatchNotFoundError();
    return watch;
  }

  async delete(key: ApiKeyRecord, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.watches.delete(key.id, id))) throw new WatchNotFoundError();
  }

  /** The key's alerts after `afterId` (0: from the first), oldest first, at most ALERTS_PAGE. */
  alerts(key: ApiKeyRecord, afterId: bigint): Promise<AlertRecord[]> {
    return this.watches.alerts(key.id, afterId, ALERTS_PAGE);
  }

  /** The id of a watch's chain as this service serves it (31337 for `eth` on the embedded devnet). */
  chainIdOf(chain: string): number {
    return this.chains.identity(chain as ChainKey).chainId;
  }

  /** The key's plan's watch limit (null: none): surfaces A and B. */
  planAllowance(key: ApiKeyRecord): WatchAllowance {
    return { limit: PLAN_CATALOG[key.plan].watches, by: { plan: key.plan } };
  }

  /** The watch limit of the tier the key holds: surface C. */
  tierAllowance(tier: Tier): WatchAllowance {
    return { limit: tier.watches, by: { tier: tier.name } };
  }

  private async startCursor(chain: ChainKey): Promise<void> {
    const block = await this.chains.get(chain).client.getBlock({ blockTag: 'latest' });
    await this.watches.startCursor(chain, { block: block.number, hash: block.hash });
  }
}
