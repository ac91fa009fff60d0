import type { Hex } from 'viem';
import type { MaliciousFunction, Powers, ProxyInfo } from '../contract.types';
import { KIND_RULES, type Finding, type FindingKind } from './findings';

/** The report's booleans, each "some live finding of these kinds": computed here once for every surface. */
export function powersOf(findings: Finding[], proxy: ProxyInfo): Powers {
  const live = (...kinds: FindingKind[]): boolean =>
    findings.some((f) => f.status === 'live' && kinds.includes(f.kind));
  return {
    canMint: live('mint'),
    canPause: live('pause'),
    canBlacklist: live('blacklist', 'whitelist_only'),
    canChangeFees: live('confiscatory_fee', 'adjustable_fee'),
    hasLimits: live('transfer_limit', 'cooldown'),
    hasCooldown: live('cooldown'),
    hasTradingSwitch: live('trading_switch'),
    isUpgradeable: proxy.isProxy || live('upgrade'),
    canSeizeBalances: live('balance_seizure'),
    hasHiddenOwner: live('hidden_owner'),
  };
}

/** A live mint whose function name says nothing of minting (or has no known name at all). */
export function hiddenMintOf(findings: Finding[]): { detected: boolean; functions: Hex[] } {
  const functions = findings
    .filter((f) => f.kind === 'mint' && f.status === 'live' && f.selector && !/mint|issue/i.test(f.signature ?? ''))
    .map((f) => f.selector!);
  return { detected: functions.length > 0, functions };
}

/** Findings as A's malicious_functions and the AI writers list them: dormant powers drop to low. */
export function maliciousFunctionsOf(findings: Finding[]): MaliciousFunction[] {
  const hidden = new Set(hiddenMintOf(findings).functions);
  return findings.map((f) => ({
    name: f.signature ?? (f.selector ? `unknown function ${f.selector}` : f.kind),
    selector: f.selector,
    kind: f.kind,
    // A live mint under a name that hides it is the worst kind of mint.
    severity:
      f.status === 'dormant'
        ? 'low'
        : f.kind === 'mint' && f.selector && hidden.has(f.selector)
          ? 'critical'
          : f.severity,
    status: f.status,
    why: `${KIND_RULES[f.kind].title}${f.status === 'dormant' ? ' (dormant: nobody holds the authority)' : ''}. ${f.evidence}`,
  }));
}
