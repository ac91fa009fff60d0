import type { Address } from 'viem';
import { isUnownedAddress } from '../../chain/burn-addresses';
import type { OwnershipInfo } from './contract.types';

/** Ownership from the owner getter; without a getter renounce is unknown (null), not "yes". */
export function ownershipOf(params: { owner: Address | null; hasOwnershipFunctions: boolean }): OwnershipInfo {
  const { owner, hasOwnershipFunctions } = params;
  return { owner, renounced: owner === null ? null : isUnownedAddress(owner), hasOwnershipFunctions };
}
