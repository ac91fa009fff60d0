import { AppError } from '../common/errors/app-error';
import { TIERS, type Tier, type TierName } from './tiers/tier-catalog';

/** The key's tier is below the endpoint's (403 INSUFFICIENT_TIER, naming the tier and the stake). */
export class InsufficientTierError extends AppError {
  constructor(input: {
    endpoint: string;
    required: TierName;
    current: Tier;
    stakeWhole: string;
    wallet: string | null;
  }) {
    const need = TIERS[input.required];
    const how = input.wallet
      ? `the wallet ${input.wallet} stakes ${input.stakeWhole}`
      : 'this key has no wallet bound (sign up with a wallet proof to use a stake)';
    super(
      'forbidden',
      `${input.endpoint} needs the ${need.label} tier: stake at least ${need.minStake.toLocaleString('en-US')} service tokens; ${how} (${input.current.label} tier)`,
      {
        cCode: 'INSUFFICIENT_TIER',
        details: {
          required_tier: need.name,
          required_stake: need.minStake.toString(),
          current_tier: input.current.name,
          current_stake: input.stakeWhole,
        },
      },
    );
  }
}

/** The tier's calls for this UTC day are spent (429 RATE_LIMIT_EXCEEDED until 00:00 UTC). */
export class DailyLimitExceededError extends AppError {
  constructor(input: { tier: Tier; resetAt: Date; now: Date }) {
    super(
      'rate_limited',
      `Daily limit of the ${input.tier.label} tier reached: ${input.tier.dailyLimit} calls; it resets at ${input.resetAt.toISOString()}`,
      {
        cCode: 'RATE_LIMIT_EXCEEDED',
        retryAfter: Math.max(1, Math.ceil((input.resetAt.getTime() - input.now.getTime()) / 1000)),
        provider: 'api',
        details: { tier: input.tier.name, daily_limit: input.tier.dailyLimit, resets_at: input.resetAt.toISOString() },
      },
    );
  }
}

export class InvalidAddressError extends AppError {
  constructor(field: string, value: string) {
    super('validation', `Invalid ${field}: expected a 0x-prefixed 40-hex-digit address`, {
      cCode: 'INVALID_ADDRESS',
      details: { field, value },
    });
  }
}

export interface SymbolCandidate {
  address: string;
  name: string;
  symbol: string;
  source: string;
}

/** A symbol names more than one token (409 AMBIGUOUS_SYMBOL with the candidates: retry with an address). */
export class AmbiguousSymbolError extends AppError {
  constructor(symbol: string, candidates: SymbolCandidate[]) {
    super('conflict', `Symbol ${symbol} names ${candidates.length} tokens; ask again by address`, {
      cCode: 'AMBIGUOUS_SYMBOL',
      details: { symbol, candidates },
    });
  }
}

export class UnknownSymbolError extends AppError {
  constructor(symbol: string, chain: string) {
    super('not_found', `No known token on ${chain} has the symbol ${symbol}; ask by contract address`, {
      details: { symbol, chain },
    });
  }
}

/** The wallet named in the sign-up is not the one the SIWE proof is for. */
export class WalletMismatchError extends AppError {
  constructor() {
    super('unauthenticated', 'Wallet proof rejected: the proof is for another wallet than `wallet`', {
      cCode: 'INVALID_WALLET_PROOF',
    });
  }
}
