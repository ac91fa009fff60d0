import { CHAIN_IDS, type ChainKey } from '../config/chains';

export { CHAIN_IDS } from '../config/chains';

/** anvil's chain id: the embedded devnet's. */
export const DEVNET_CHAIN_ID = CHAIN_IDS.devnet;

const BY_ID = new Map<string, ChainKey>(Object.entries(CHAIN_IDS).map(([key, id]) => [String(id), key as ChainKey]));

/**
 * A chain given by its id (`1`, `"56"`) as its key (`eth`, `bsc`); anything else unchanged, so the
 * validator that follows names what was wrong with it.
 */
export function chainKeyOf(value: unknown): unknown {
  if (
    (typeof value === 'number' && Number.isInteger(value)) ||
    (typeof value === 'string' && /^\d{1,12}$/.test(value))
  ) {
    return BY_ID.get(String(value)) ?? value;
  }
  return value;
}
