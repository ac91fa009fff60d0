import type { ChainKey } from './app-config';

/** The EIP-155 chain id of each chain the API knows (the devnet's is anvil's, 31337). */
export const CHAIN_IDS: Readonly<Record<ChainKey, number>> = {
  eth: 1,
  bsc: 56,
  polygon: 137,
  arbitrum: 42161,
  optimism: 10,
  base: 8453,
  devnet: 31337,
};

const BY_ID = new Map<string, ChainKey>(Object.entries(CHAIN_IDS).map(([key, id]) => [String(id), key as ChainKey]));

/**
 * A chain given by its id (`1`, `"56"`) as its key (`eth`, `bsc`); anything else unchanged, so the
 * validator that follows names what was wrong with it.
 */
export function chainKeyOf(value: unknown): unknown {
  if ((typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^\d{1,12}$/.test(value))) {
    return BY_ID.get(String(value)) ?? value;
  }
  return value;
}
