import { Injectable } from '@nestjs/common';
import { formatUnits } from 'viem';
import { LRUCache } from 'lru-cache';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { DAY_MS, Clock } from '../../common/clock';
import { MeteringService } from '../../metering/metering.service';
import { DailyLimitExceededError, InsufficientTierError } from '../platform.errors';
import { PlatformRepository, type PlatformAccount } from '../platform.repository';
import { StakeReader, type StakeReading } from './stake-reader';
import { ENDPOINT_TIERS, tierForStake, tierRank, type PlatformEndpoint, type Tier } from './tier-catalog';

export interface TierStatus {
  tier: Tier;
  wallet: string | null;
  email: string | null;
  reading: StakeReading;
  /** Whole service tokens, decimal text. */
  stakeWhole: string;
  /** Daily counters are per wallet when one is bound (all its keys share them), else per key. */
  subject: string;
  day: string;
  resetsAt: Date;
}

export interface Admission extends TierStatus {
  /** Calls left today after this one; null = unlimited. */
  remaining: number | null;
}

/** The tier a key holds now, and the daily calls it may make. */
@Injectable()
export class TierService {
  /** Bindings never change once written: keep them in process. */
  private readonly accounts = new LRUCache<string, { account: PlatformAccount | null }>({ max: 10_000 });

  constructor(
    private readonly repository: PlatformRepository,
    private readonly stakes: StakeReader,
    private readonly clock: Clock,
    private readonly meter: MeteringService,
  ) {}

  async status(key: ApiKeyRecord, opts: { fresh?: boolean } = {}): Promise<TierStatus> {
    const account = await this.account(key.id);
    const wallet = account?.wallet ?? null;
    const now = this.clock.now();
    const reading = wallet
      ? await this.stakes.stakeOf(wallet, opts)
      : { stake: 0n, source: this.stakes.source(), blockNumber: null, readAt: now };
    const decimals = reading.source?.decimals ?? 18;
    const day = now.toISOString().slice(0, 10);
    return {
      tier: tierForStake(reading.stake, decimals),
      wallet,
      email: account?.email ?? null,
      reading,
      stakeWhole: formatUnits(reading.stake, decimals),
      subject: wallet ? `wallet:${wallet}` : `key:${key.id}`,
      day,
      resetsAt: new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS),
    };
  }

  /**
   * Admits one metered call: the tier must open the endpoint (a refusal re-reads the stake first,
   * so a stake made a moment ago counts), then one call is taken from today's counter.
   */
  async admit(key: ApiKeyRecord, endpoint: PlatformEndpoint): Promise<Admission> {
    const required = ENDPOINT_TIERS[endpoint];
    let status = await this.status(key);
    if (tierRank(status.tier.name) < tierRank(required) && status.wallet)
      status = await this.status(key, { fresh: true });
    if (tierRank(status.tier.name) < tierRank(required)) {
      throw new InsufficientTierError({
        endpoint,
        required,
        current: status.tier,
        stakeWhole: status.stakeWhole,
        wallet: status.wallet,
      });
    }
    const limit = status.tier.dailyLimit;
    const calls = await this.meter.takeDaily(status.subject, status.day, limit);
    if (calls === null)
      throw new DailyLimitExceededError({ tier: status.tier, resetAt: status.resetsAt, now: this.clock.now() });
    return { ...status, remaining: limit === null ? null : Math.max(0, limit - calls) };
  }

  async usedToday(status: TierStatus): Promise<number> {
    return this.repository.dailyCalls(status.subject, status.day);
  }

  private async account(keyId: string): Promise<PlatformAccount | null> {
    const hit = this.accounts.get(keyId);
    if (hit) return hit.account;
    const account = await this.repository.findAccount(keyId);
    this.accounts.set(keyId, { account });
    return account;
  }
}
