import { TIERS, type TierName } from '../../src/platform/tiers/tier-catalog';
import type { TierStatus } from '../../src/platform/tiers/tier.service';
import { FIXED_NOW } from '../fakes/fixed-clock';

/** A key bound to a wallet with a Bronze stake (150,000 tokens of 18 decimals), read at FIXED_NOW. */
export function tierStatus(overrides: Partial<TierStatus> = {}, tier: TierName = 'bronze'): TierStatus {
  return {
    tier: TIERS[tier],
    wallet: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
    email: 'ops@acme.example',
    reading: {
      stake: 150_000n * 10n ** 18n,
      source: {
        chain: 'eth',
        chainId: 31337,
        vault: '0x0B306BF915C4d645ff596e518fAf3F9669b97016',
        token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        decimals: 18,
      },
      blockNumber: 346,
      readAt: FIXED_NOW,
    },
    stakeWhole: '150000',
    subject: 'wallet:0x90f79bf6eb2c4f870365e785982e1f101e93b906',
    day: '2026-11-21',
    resetsAt: new Date('2026-11-22T00:00:00.000Z'),
    ...overrides,
  };
}
