import type { Address } from 'viem';
import { FINDING_KINDS, type FindingKind } from '../../src/analysis/contract/engine/findings';
import type { ScanResponseA } from '../../src/http/a/presenters/scan.schemas';
import type { ScanService } from './scan-service';

/** What one scan through surface A said about a token: the parts the eval scores and reports. */
export interface ScanSummary {
  grade: string;
  score: number;
  recommendation: string;
  honeypot: string | null;
  rugPull: string | null;
  /** Every finding kind the report lists, live or dormant (labels say what the code can do). */
  kinds: FindingKind[];
  /** `function kind status` for each finding, for reading a row. */
  findings: string[];
  buyTax: string | null;
  sellTax: string | null;
  tradeSimulation: string | null;
  holderSells: { checked: number; canSell: number; cannotSell: number; blocked: boolean; detail: string | null } | null;
  incompleteSections: string[];
}

export type ScanOutcome = { ok: true; summary: ScanSummary } | { ok: false; reason: string };

const SCAN_TIMEOUT_MS = 180_000;
const KNOWN_KINDS = new Set<string>(FINDING_KINDS);

/** Scans one token on chain eth through surface A with the run's key, as a client does. */
export async function scanToken(service: ScanService, token: Address): Promise<ScanOutcome> {
  let res: Response;
  try {
    res = await fetch(`${service.baseUrl}/api/v1/token/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-api-key': service.key },
      body: JSON.stringify({ contract_address: token, chain: 'eth' }),
      signal: AbortSignal.timeout(SCAN_TIMEOUT_MS),
    });
  } catch (err) {
    return { ok: false, reason: `scan request failed: ${(err as Error).message}` };
  }
  const text = await res.text();
  if (res.status !== 200) return { ok: false, reason: `HTTP ${res.status}: ${text.slice(0, 200)}` };
  const body = JSON.parse(text) as ScanResponseA;
  const data = body.data;
  const security = data.analysis.security;
  const incompleteSections = (data.incomplete_sections ?? []).map((s) => `${s.section}: ${s.reason}`);
  if (!security) return { ok: false, reason: `no security section (${incompleteSections.join('; ') || 'not given'})` };
  const hs = security.holder_sells;
  return {
    ok: true,
    summary: {
      grade: data.grade,
      score: data.service_score,
      recommendation: data.recommendation,
      honeypot: security.honeypot_risk,
      rugPull: security.rug_pull_risk,
      kinds: security.malicious_functions.map((f) => f.kind).filter((k): k is FindingKind => KNOWN_KINDS.has(k)),
      findings: security.malicious_functions.map((f) => `${f.function} ${f.kind} ${f.status}`),
      buyTax: security.taxes.buy,
      sellTax: security.taxes.sell,
      tradeSimulation: security.trade_simulation,
      holderSells: hs
        ? {
            checked: hs.checked,
            canSell: hs.can_sell,
            cannotSell: hs.cannot_sell,
            blocked: hs.holder_sell_blocked,
            detail: hs.detail,
          }
        : null,
      incompleteSections,
    },
  };
}
