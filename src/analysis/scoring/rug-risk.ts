import { KIND_RULES } from '../contract/engine/findings';
import type { ScoredSections } from '../report/sections';
import { riskierOf, type RiskLevel } from './risk';

/**
 * How easily the people in control can take holders' value: the engine's live findings (each kind's
 * weight is in its rule), code that can be swapped, and pulled or thin liquidity.
 */
export function rugPullRisk(input: ScoredSections): RiskLevel {
  const c = input.security?.contract;
  const liquidity = input.market?.liquidity.status;
  let risk: RiskLevel = c?.ownership.renounced === false ? 'LOW' : 'VERY_LOW';
  const raise = (to: RiskLevel): void => {
    risk = riskierOf(risk, to);
  };
  for (const f of c?.findings ?? []) if (f.status === 'live') raise(KIND_RULES[f.kind].rugRisk);
  if (c?.hiddenMint.detected || liquidity === 'NONE') raise('VERY_HIGH');
  if (c?.proxy.isProxy) raise('HIGH');
  if (liquidity === 'LOW' || liquidity === 'VERY_LOW') raise('MEDIUM');
  // Unlocked liquidity in the hands of the owner or creator is the classic rug pull.
  const lp = input.security?.liquidityLocks?.risk;
  if (lp === 'HIGH') raise('HIGH');
  if (lp === 'MEDIUM') raise('MEDIUM');
  return risk;
}
