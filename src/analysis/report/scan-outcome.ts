import { toProblem } from '../../common/errors/problem';
import type { MetricsService, ScanOutcome } from '../../common/metrics/metrics.service';
import type { Feature, TokenReport } from './token-report';

/**
 * How a scan that threw went, for every section it asked for: a token that cannot be analysed (not
 * a token, bad input) is `not_analysable`, a refusal by a limit is `refused`, anything else `failed`.
 */
export function failedScanOutcome(err: unknown): ScanOutcome {
  const kind = toProblem(err, { method: 'POST', path: '' }).kind;
  if (kind === 'rate_limited') return 'refused';
  if (kind === 'not_found' || kind === 'validation') return 'not_analysable';
  return 'failed';
}

/** Counts one scan's sections: served from the cache, analysed (incomplete ones failed), or all failed with the scan. */
export function recordScan(
  metrics: MetricsService,
  features: readonly Feature[],
  result: { cached: boolean; report: TokenReport } | { error: unknown },
): void {
  if ('error' in result) {
    const outcome = failedScanOutcome(result.error);
    for (const section of features) metrics.scanSection(section, outcome);
    return;
  }
  const incomplete = result.report.incomplete ?? [];
  for (const section of features) {
    const outcome: ScanOutcome = result.cached
      ? 'cached'
      : incomplete.some((s) => s.section === section)
        ? 'failed'
        : 'ok';
    metrics.scanSection(section, outcome);
  }
}
