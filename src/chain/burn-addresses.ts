/**
 * Addresses nobody holds a key for, the same on every chain: the one list the holder index, the LP
 * shares, ownership and the contract engine read. Lowercase, as the holder index stores addresses.
 */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as const;

/** Where tokens are sent to destroy them (the zero address, where mints come from, is apart). */
export const BURN_ADDRESSES: readonly string[] = [
  '0x000000000000000000000000000000000000dead',
  '0xdead000000000000000042069420694206942069',
];

/** The usual burn address (0x…dEaD): the one whose balance market figures take off the supply, beside the zero address. */
export const DEAD_ADDRESS = BURN_ADDRESSES[0] as `0x${string}`;

/** The zero address or a burn address, in any letter case: no one can act as it, so an owner there has renounced. */
export function isUnownedAddress(address: string): boolean {
  const lower = address.toLowerCase();
  return lower === ZERO_ADDRESS || BURN_ADDRESSES.includes(lower);
}
