import type { ContractAnalysis } from '../contract/contract.types';
import { environmentFinding } from '../contract/engine/environment';
import { maliciousFunctionsOf } from '../contract/engine/verdict';
import type { SimulationSection } from '../simulation/simulation.types';

/**
 * A simulated round trip that ends otherwise in a real block's surroundings is `environment_dependent`
 * in the one findings list (once: the engine's own replay of a holder's transfer may have found it first).
 */
export function withSimulationEvasion(contract: ContractAnalysis, simulation: SimulationSection): ContractAnalysis {
  const evasion = simulation.evasion ?? [];
  if (evasion.length === 0 || contract.findings.some((f) => f.kind === 'environment_dependent')) return contract;
  const changes = evasion.map(
    ({ variable, value, outcomes }) =>
      `${outcomes[0]} with ${variable} as a simulator sets it, ${outcomes[1]} with ${variable} = ${value}`,
  );
  const findings = [...contract.findings, environmentFinding('the simulated round trip:', changes, null, null)];
  return { ...contract, findings, maliciousFunctions: maliciousFunctionsOf(findings) };
}
