import { KIND_RULES, type Finding } from '../../analysis/contract/engine/findings';
import type { TokenReport } from '../../analysis/report/token-report';
import type { RiskVerdictView, TxWarningView, WarningSeverity } from './transaction.views';

/** A buy or sell tax at or above this (percent) is worth a warning before a trade. */
export const HIGH_TAX_PERCENT = 10;

/** What the security section says about trading the token, most severe first. */
export function verdictOf(report: TokenReport): RiskVerdictView {
  const s = report.security?.simulation;
  const blocking = s?.isHoneypot === true || s?.cannotSell === true;
  return {
    token: report.address,
    symbol: report.token.symbol,
    service_score: report.scores.serviceScore,
    risk: report.scores.risk,
    is_honeypot: s?.possible ? s.isHoneypot : null,
    cannot_sell: s?.possible ? s.cannotSell : null,
    buy_tax: s?.buyTax ?? null,
    sell_tax: s?.sellTax ?? null,
    blocking,
    warnings: warningsOf(report),
  };
}

/** One warning per live finding kind of the engine: `OWNER_CAN_<KIND>`, its title and evidence. */
function powerRules(findings: Finding[]): Array<[boolean, string, WarningSeverity, string]> {
  const live = new Map<string, Finding>();
  for (const f of findings) if (f.status === 'live' && !live.has(f.kind)) live.set(f.kind, f);
  return [...live.values()].map((f) => [
    true,
    `OWNER_CAN_${f.kind.toUpperCase()}`,
    f.severity === 'low' ? 'info' : f.severity,
    `${KIND_RULES[f.kind].title}: ${f.evidence}`,
  ]);
}

export function warningsOf(report: TokenReport): TxWarningView[] {
  const c = report.security?.contract;
  const s = report.security?.simulation;
  const maxTax = Math.max(s?.buyTax ?? 0, s?.sellTax ?? 0);
  const rules: Array<[boolean, string, WarningSeverity, string]> = [
    [
      s?.isHoneypot === true,
      'HONEYPOT',
      'critical',
      `It cannot be sold: ${s?.honeypotReason ?? 'a simulated sell reverted'}`,
    ],
    [s?.isHoneypot !== true && s?.cannotSell === true, 'CANNOT_SELL', 'critical', 'A simulated sell failed'],
    [s?.cannotSellAll === true, 'CANNOT_SELL_ALL', 'high', 'The whole holding cannot be sold at once'],
    [c?.hiddenMint.detected === true, 'HIDDEN_MINT', 'critical', 'A function raises the supply under another name'],
    [maxTax >= HIGH_TAX_PERCENT, 'HIGH_TAX', 'high', `Taxes: buy ${s?.buyTax ?? '?'}%, sell ${s?.sellTax ?? '?'}%`],
    ...powerRules(c?.findings ?? []),
    [c?.proxy.isProxy === true, 'UPGRADEABLE_PROXY', 'medium', 'The code behind the token can be replaced'],
    [
      s !== undefined && !s.possible,
      'NOT_SIMULATED',
      'info',
      `Trading could not be simulated: ${s?.detail ?? s?.reason ?? 'unknown'}`,
    ],
  ];
  return rules
    .filter(([on]) => on)
    .map(([, code, severity, message]) => ({
      code,
      severity,
      token: report.address,
      symbol: report.token.symbol,
      message,
    }));
}
