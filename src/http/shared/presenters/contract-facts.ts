import type { ContractAnalysis } from '../../../analysis/contract/contract.types';
import { ownerPowerFacts } from '../../../analysis/contract/owner-power-facts';

/** The contract's facts as B's and C's numeric presenters both show them (snake_case, nulls kept). */
export function contractFacts(c: ContractAnalysis) {
  return {
    verified: c.verification.verified,
    is_proxy: c.proxy.isProxy,
    implementation: c.proxy.implementation,
    ...ownerPowerFacts(c),
    selfdestruct: c.opcodes.selfdestruct,
    delegatecall: c.opcodes.delegatecall,
  };
}
