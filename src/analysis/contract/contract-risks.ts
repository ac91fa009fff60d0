import type { Hex } from 'viem';
import type { BytecodeScan } from './bytecode-walker';
import type { Capability, HiddenMintResult, MaliciousFunction, MatchedSelector, OwnershipInfo, Powers, ProxyInfo } from './contract.types';
import { CAPABILITY_RISK, KNOWN_FUNCTIONS } from './selector-tables';

/** Splits the selectors of the contract (and implementation) into known functions and the rest. */
export function matchSelectors(selectors: { contract: Hex[]; implementation: Hex[] }): {
  matched: MatchedSelector[];
  unknown: Hex[];
} {
  const matched: MatchedSelector[] = [];
  const unknown: Hex[] = [];
  const seen = new Set<Hex>();
  const visit = (selector: Hex, foundIn: MatchedSelector['foundIn']): void => {
    if (seen.has(selector)) return;
    seen.add(selector);
    const known = KNOWN_FUNCTIONS.get(selector);
    if (known) matched.push({ selector, signature: known.signature, capability: known.capability, foundIn });
    else unknown.push(selector);
  };
  selectors.contract.forEach((s) => visit(s, 'contract'));
  selectors.implementation.forEach((s) => visit(s, 'implementation'));
  return { matched, unknown };
}

export function powersOf(params: { matched: MatchedSelector[]; hiddenMint: HiddenMintResult; proxy: ProxyInfo }): Powers {
  const has = (...capabilities: Capability[]): boolean => params.matched.some((m) => capabilities.includes(m.capability));
  return {
    canMint: has('mint') || params.hiddenMint.detected === true,
    canPause: has('pause'),
    canBlacklist: has('blacklist', 'burn_from_holders'),
    canChangeFees: has('fee_setter'),
    hasLimits: has('limit_setter', 'limit_getter', 'cooldown'),
    hasCooldown: has('cooldown') || params.matched.some((m) => /cooldown/i.test(m.signature)),
    hasTradingSwitch: has('trading_switch'),
    isUpgradeable: has('upgrade') || params.proxy.isProxy,
  };
}

const RENOUNCED_NOTE = ' (ownership is renounced, so only another privileged role could use it)';

/** Each risky capability with its severity and why; powers of a renounced owner drop to low. */
export function maliciousFunctions(params: {
  matched: MatchedSelector[];
  hiddenMint: HiddenMintResult;
  scan: BytecodeScan;
  proxy: ProxyInfo;
  ownership: OwnershipInfo;
}): MaliciousFunction[] {
  const { matched, hiddenMint, scan, proxy, ownership } = params;
  const found: MaliciousFunction[] = [];
  for (const match of matched) {
    const risk = CAPABILITY_RISK[match.capability];
    if (!risk) continue;
    const renounced = ownership.renounced === true;
    found.push({
      name: match.signature,
      selector: match.selector,
      capability: match.capability,
      severity: renounced ? 'low' : risk.severity,
      why: renounced ? risk.why + RENOUNCED_NOTE : risk.why,
    });
  }
  for (const selector of hiddenMint.functions) {
    found.push({
      name: `unknown function ${selector}`,
      selector,
      capability: 'hidden_mint',
      severity: 'critical',
      why: 'a function outside every known mint signature raised supply or balances when simulated: a disguised mint',
    });
  }
  if (scan.opcodes.selfdestruct > 0) {
    found.push({ name: 'SELFDESTRUCT', selector: null, capability: 'selfdestruct', severity: 'high', why: 'the code can destroy the contract or sweep its ether' });
  }
  if (scan.opcodes.delegatecall > 0 && !proxy.isProxy) {
    found.push({ name: 'DELEGATECALL', selector: null, capability: 'delegatecall', severity: 'medium', why: 'the code can run another contract\'s code against its own storage' });
  }
  return found;
}
