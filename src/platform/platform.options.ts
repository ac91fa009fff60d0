import type { ChainKey } from '../config/app-config';

/**
 * Where surface C reads stakes. On a chain served by the embedded devnet the vault and token are
 * its chain facts (`ChainFacts.staking`, from the manifest ChainModule loads); on a real chain they
 * must be given (env STAKING_VAULT_ADDRESS, SERVICE_TOKEN_ADDRESS, STAKING_CHAIN, wired by the
 * lead). Without them every key is Free.
 */
export interface PlatformOptions {
  /** Chain the vault lives on; default `eth`. */
  stakingChain?: ChainKey;
  stakingVault?: string;
  serviceToken?: string;
  /** Decimals of the service token; default 18. */
  serviceTokenDecimals?: number;
  /** How long a stake read is trusted, in ms; default 30 000. */
  stakeCacheMs?: number;
}

export const PLATFORM_OPTIONS = Symbol('PLATFORM_OPTIONS');
