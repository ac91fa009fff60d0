import { whoHolds } from '../contract/engine/finding-compiler';
import { flagOf, type Finding } from '../contract/engine/findings';
import type { HolderSellCheck, SimulationSection } from '../simulation/simulation.types';

/**
 * What decides a refusal, in words: the live powers that decide who may move or sell (those whose
 * gate the engine turned first), each with its function and who holds it today, or that the code
 * offers none (the refusal is built in, or decided outside the token). One story with the findings
 * list, which carries the same powers with their evidence.
 */
export function causeOf(findings: readonly Finding[]): string {
  const gates = findings.filter((f) => f.status === 'live' && flagOf(f.kind) === 'limit');
  const deciding = [...gates.filter((f) => f.gate), ...gates.filter((f) => !f.gate)].slice(0, 3);
  return deciding.length
    ? `decided by ${deciding.map((f) => `${f.kind} through \`${f.signature ?? f.selector ?? 'the code'}\`, held by ${whoHolds(f.authority)}`).join('; ')}`
    : 'no owner power that decides it was found in the code';
}

/** A honeypot's reason, which every surface shows, ends with its cause. */
export function explainRefusal(simulation: SimulationSection, findings: readonly Finding[]): SimulationSection {
  if (simulation.isHoneypot !== true || !simulation.honeypotReason) return simulation;
  const reason = `${simulation.honeypotReason} (${causeOf(findings)})`;
  return {
    ...simulation,
    honeypotReason: reason,
    detail: simulation.detail === simulation.honeypotReason ? reason : simulation.detail,
  };
}

/** Holders who cannot sell: the section's detail ends with the cause too. */
export function explainHolderSells(
  check: HolderSellCheck | null,
  findings: readonly Finding[],
): HolderSellCheck | null {
  if (!check?.detail || check.cannotSell === 0) return check;
  return { ...check, detail: `${check.detail} (${causeOf(findings)})` };
}
