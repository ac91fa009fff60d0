/** Plan names; `enterprise` limits are set per key by an admin in the database. */
export const PLAN_NAMES = ['free', 'test', 'starter', 'pro', 'team', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export const PURCHASABLE_PLANS = ['starter', 'pro', 'team'] as const;
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];

export interface Plan {
  name: PlanName;
  /** Per-key requests per minute. */
  requestsPerMinute: number;
  /** Calls in a quota period; null = unlimited. */
  quota: number | null;
  /** `monthly` resets on quota_reset_date; `total` never resets (test keys). */
  quotaPeriod: 'monthly' | 'total';
  /** Key lifetime in days from issue. */
  validityDays: number;
  /** Tokens a key may watch at once (issue 33); null = no limit. */
  watches: number | null;
  /** Price in USD (purchasable plans). */
  priceUsd?: number;
}

/**
 * The plan catalog (documented in README). Spec: free 60/min; "premium 300+/minute" is pro and team;
 * test keys carry 10 scans for 7 days.
 */
export const PLAN_CATALOG: Readonly<Record<PlanName, Plan>> = {
  free: { name: 'free', requestsPerMinute: 60, quota: 10_000, quotaPeriod: 'monthly', validityDays: 365, watches: 3 },
  test: { name: 'test', requestsPerMinute: 10, quota: 10, quotaPeriod: 'total', validityDays: 7, watches: 1 },
  starter: {
    name: 'starter',
    requestsPerMinute: 60,
    quota: 30_000,
    quotaPeriod: 'monthly',
    validityDays: 30,
    watches: 25,
    priceUsd: 49,
  },
  pro: {
    name: 'pro',
    requestsPerMinute: 300,
    quota: 300_000,
    quotaPeriod: 'monthly',
    validityDays: 30,
    watches: 250,
    priceUsd: 199,
  },
  team: {
    name: 'team',
    requestsPerMinute: 1_000,
    quota: 1_500_000,
    quotaPeriod: 'monthly',
    validityDays: 30,
    watches: 2_500,
    priceUsd: 499,
  },
  enterprise: {
    name: 'enterprise',
    requestsPerMinute: 1_000,
    quota: null,
    quotaPeriod: 'monthly',
    validityDays: 365,
    watches: null,
  },
};
