import { whoHolds } from '../contract/engine/finding-compiler';
import { flagOf, type Finding } from '../contract/engine/findings';
import type { SimulationSection } from '../simulation/simulation.types';

/**
 * A refused sell told with its cause: the honeypot reason every surface shows ends with the live
 * powers that decide who may sell (those whose gate the engine turned first), each with its function
 * and who holds it today, or says that the code offers none (the refusal is built in, or decided
 * outside the token). One story with the findings list, which carries the same powers with their evidence.
 */
export function explainRefusal(simulation: SimulationSection, findings: readonly Finding[]): SimulationSection {
  if (simulation.isHoneypot !== true || !simulation.honeypotReason) return simulation;
  const gates = findings.filter((f) => f.status === 'live' && flagOf(f.kind) === 'limit');
  const deciding = [...gates.filter((f) => f.gate), ...gates.filter((f) => !f.gate)].slice(0, 3);
  const cause = deciding.length
    ? `decided by ${deciding.map((f) => `${f.kind} through \`${f.signature ?? f.selector ?? 'the code'}\`, held by ${whoHolds(f.authority)}`).join('; ')}`
    : 'no owner power that decides it was found in the code';
  const reason = `${simulation.honeypotReason} (${cause})`;
  return { ...simulation, honeypotReason: reason, detail: simulation.detail === simulation.honeypotReason ? reason : simulation.detail };
}
