import { getAddress, zeroAddress, type Address } from 'viem';
import type { OwnershipInfo } from './contract.types';

/** Addresses nobody holds a key for; an owner set to one of them has renounced. */
export const BURN_ADDRESSES: readonly Address[] = [
  zeroAddress,
  getAddress('0x000000000000000000000000000000000000dead'),
  getAddress('0xdead000000000000000042069420694206942069'),
];

export function isBurnAddress(address: Address): boolean {
  const checksummed = getAddress(address);
  return BURN_ADDRESSES.includes(checksummed);
}

/** Ownership from the owner getter; without a getter renounce is unknown (null), not "yes". */
export function ownershipOf(params: { owner: Address | null; hasOwnershipFunctions: boolean }): OwnershipInfo {
  const { owner, hasOwnershipFunctions } = params;
  return { owner, renounced: owner === null ? null : isBurnAddress(owner), hasOwnershipFunctions };
}
