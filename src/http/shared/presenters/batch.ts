import type { BatchResult } from '../../../analysis/batch/batch-scan.service';
import type { ServedReport } from '../../../analysis/report/token-report';
import { toProblem } from '../../../common/errors/problem';
import { envelopeOf } from '../filters/surface-error.filters';
import type { Surface } from '../surface';

/** The error body without its `success`, for each kind of error body (B's 429 has its own). */
type WithoutSuccess<E> = E extends unknown ? Omit<E, 'success'> : never;

/**
 * One result per requested token, in order: the surface's own answer for a token that succeeded,
 * or the error fields the surface would have answered for it alone. `E` is the surface's error body
 * as documented (error-envelopes.ts): the filter that renders it is untyped.
 */
export function batchResults<T, E extends { success?: false } = { success?: false }>(
  result: BatchResult,
  tokens: Array<{ contract_address: string; chain?: string }>,
  surface: Surface,
  present: (served: ServedReport) => T,
) {
  const results = result.outcomes.map((outcome, index) => {
    // An item given without a string address is answered as its own 400 (details.value says what it was): it echoes ''.
    const given = tokens[index].contract_address as unknown;
    const token = {
      index,
      contract_address: typeof given === 'string' ? given : '',
      chain: tokens[index].chain ?? 'eth',
    };
    if (outcome.ok) return { ...token, success: true as const, data: present(outcome.served) };
    // The surface's own error envelope for this token, without its `success` (the item has one).
    const { success: _failed, ...error } = envelopeOf(
      surface,
      toProblem(outcome.error, { method: 'POST', path: 'batch' }),
    ) as E;
    return { ...token, success: false as const, ...(error as WithoutSuccess<E>) };
  });
  const succeeded = results.filter((r) => r.success).length;
  return {
    results,
    summary: {
      requested: results.length,
      succeeded,
      failed: results.length - succeeded,
      quota_charged: result.charged,
    },
  };
}
