import type { ContractAnalysis } from './contract.types';

/** Who owns the contract and what the owner can do, flat and snake_case as every surface and the AI facts show it. */
export interface OwnerPowerFacts {
  owner: string | null;
  owner_renounced: boolean | null;
  can_mint: boolean;
  can_pause: boolean;
  can_blacklist: boolean;
  can_change_fees: boolean;
  hidden_mint: boolean | null;
}

/** One mapping for the owner's powers, so B's and C's presenters and the AI facts cannot drift apart. */
export function ownerPowerFacts(c: ContractAnalysis): OwnerPowerFacts {
  return {
    owner: c.ownership.owner,
    owner_renounced: c.ownership.renounced,
    can_mint: c.canMint,
    can_pause: c.canPause,
    can_blacklist: c.canBlacklist,
    can_change_fees: c.canChangeFees,
    hidden_mint: c.hiddenMint.detected,
  };
}
