import type { ContractAnalysis } from '../../../analysis/contract/contract.types';

/** The contract's facts as B's and C's numeric presenters both show them (snake_case, nulls kept). */
export function contractFacts(c: ContractAnalysis) {
  return {
    verified: c.verification.verified,
    is_proxy: c.proxy.isProxy,
    implementation: c.proxy.implementation,
    owner: c.ownership.owner,
    owner_renounced: c.ownership.renounced,
    can_mint: c.canMint,
    can_pause: c.canPause,
    can_blacklist: c.canBlacklist,
    can_change_fees: c.canChangeFees,
    hidden_mint: c.hiddenMint.detected,
    selfdestruct: c.opcodes.selfdestruct,
    delegatecall: c.opcodes.delegatecall,
  };
}
