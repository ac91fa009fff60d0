import type { ChainKey } from '../config/app-config';
import { MAINNET_CHAIN_FACTS, type MainnetChainKey } from './chain-facts';

/** anvil's chain id: the embedded devnet's. */
export const DEVNET_CHAIN_ID = 31337;

/** The EIP-155 chain id of each chain the API knows, from the chain facts. */
export const CHAIN_IDS: Readonly<Record<ChainKey, number>> = {
  ...(Object.fromEntries(Object.entries(MAINNET_CHAIN_FACTS).map(([key, facts]) => [key, facts.chainId])) as Record<MainnetChainKey, number>),
  devnet: DEVNET_CHAIN_ID,
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
