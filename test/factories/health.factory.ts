import type { HealthSnapshot } from '../../src/health/health.service';
import { FIXED_NOW } from '../fakes/fixed-clock';

/** A healthy instance on the embedded devnet, up for 1 day 1 h 1 min 1 s. */
export function healthSnapshot(overrides: Partial<HealthSnapshot> = {}): HealthSnapshot {
  return {
    status: 'healthy',
    serviceable: true,
    timestamp: FIXED_NOW.toISOString(),
    version: '1.0.0',
    uptimeSeconds: 90_061,
    database: 'connected',
    redis: 'available',
    chains: 'operational',
    chainDetails: { eth: 'operational (local devnet)' },
    providers: {
      source_verification: 'operational (devnet-published-sources)',
      social_data: 'operational (devnet)',
      llm: 'operational (built-in analyst)',
    },
    ...overrides,
  };
}
