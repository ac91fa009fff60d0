/** Surface C's tiers (SPEC.md "Surface C tiers"), chosen by the service tokens staked in the vault. */
export const TIER_NAMES = ['free', 'bronze', 'silver', 'gold'] as const;
export type TierName = (typeof TIER_NAMES)[number];

export interface Tier {
  name: TierName;
  label: string;
  /** Whole service tokens that must be staked. */
  minStake: bigint;
  /** Calls per UTC day; null = unlimited. */
  dailyLimit: number | null;
  /** Tokens a key may watch at once (POST /v1/watches). */
  watches: number;
  features: string;
}

export const TIERS: Readonly<Record<TierName, Tier>> = {
  free: { name: 'free', label: 'Free', minStake: 0n, dailyLimit: 50, watches: 3, features: 'basic endpoints' },
  bronze: {
    name: 'bronze',
    label: 'Bronze',
    minStake: 100_000n,
    dailyLimit: 500,
    watches: 25,
    features: 'enhanced features',
  },
  silver: {
    name: 'silver',
    label: 'Silver',
    minStake: 1_000_000n,
    dailyLimit: 2_500,
    watches: 250,
    features: 'premium APIs',
  },
  gold: {
    name: 'gold',
    label: 'Gold',
    minStake: 10_000_000n,
    dailyLimit: null,
    watches: 2_500,
    features: 'all features',
  },
};

/**
 * Metered surface C endpoints and the lowest tier that opens each. Transactions and AI are Silver
 * ("premium APIs"): they run the wallet analysis or several token analyses per call, like
 * analyze/wallet. Gold opens the same endpoints and lifts the daily limit ("all features").
 */
export const ENDPOINT_TIERS = {
  'analyze/contract': 'free',
  'analyze/token': 'free',
  'market/price': 'free',
  watches: 'free',
  'market/whales': 'bronze',
  'analyze/wallet': 'silver',
  'transaction/prepare': 'silver',
  'transaction/simulate': 'silver',
  'ai/query': 'silver',
  'ai/insights': 'silver',
} as const satisfies Record<string, TierName>;
export type PlatformEndpoint = keyof typeof ENDPOINT_TIERS;

export function tierRank(tier: TierName): number {
  return TIER_NAMES.indexOf(tier);
}

/** The highest tier whose minimum the stake (raw units) reaches. */
export function tierForStake(stakeRaw: bigint, decimals: number): Tier {
  const unit = 10n ** BigInt(decimals);
  const reached = TIER_NAMES.filter((name) => stakeRaw >= TIERS[name].minStake * unit);
  return TIERS[reached[reached.length - 1]];
}

/** The endpoints a tier opens (its own and every lower tier's). */
export function endpointsOf(tier: TierName): PlatformEndpoint[] {
  return (Object.keys(ENDPOINT_TIERS) as PlatformEndpoint[]).filter(
    (e) => tierRank(ENDPOINT_TIERS[e]) <= tierRank(tier),
  );
}

/** One line per tier, for the OpenAPI description. */
export function tierTable(): string {
  return TIER_NAMES.map((name) => {
    const t = TIERS[name];
    const own = (Object.keys(ENDPOINT_TIERS) as PlatformEndpoint[]).filter((e) => ENDPOINT_TIERS[e] === name);
    const limit = t.dailyLimit === null ? 'unlimited' : `${t.dailyLimit}/day`;
    return `${t.label}: stake ≥ ${t.minStake.toLocaleString('en-US')}, ${limit}, ${t.watches.toLocaleString('en-US')} watches${own.length ? `, opens ${own.join(', ')}` : ''}`;
  }).join('; ');
}
