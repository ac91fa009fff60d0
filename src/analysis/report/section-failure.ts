import { randomBytes } from 'node:crypto';
import { toChainError } from '../../chain/chain.errors';
import { AppError } from '../../common/errors/app-error';
import { toProblem } from '../../common/errors/problem';
import type { ChainKey } from '../../config/app-config';
import type { Feature, IncompleteSection } from './token-report';

/** A requested section that could not be finished; the caller that needs it answers 503. */
export class SectionIncompleteError extends AppError {
  constructor(readonly sections: IncompleteSection[]) {
    super(
      'unavailable',
      `The analysis could not finish: ${sections.map((s) => `${s.section} (${s.reason})`).join('; ')}. Retry shortly.`,
      {
        retryAfter: 5,
        details: { incomplete_sections: sections },
        cCode: 'ANALYSIS_INCOMPLETE',
      },
    );
  }
}

/**
 * Work stopped at a checkpoint to be finished by a job (past a scan's deadline, in a process that runs
 * no job workers): the section is left out of this analysis, quietly; the job's scan finishes it.
 */
export class SectionHandedOffError extends Error {
  constructor(what: string) {
    super(`${what} was left to a job worker at its last checkpoint`);
    this.name = 'SectionHandedOffError';
  }
}

/**
 * What a section's failure means for the scan. Failures with a meaning of their own (ours, the
 * chain's node, the database) keep it and fail the request with their status; anything else is a
 * defect in one analyzer, which costs that section only: the section is reported incomplete with a
 * reference to the logged error.
 */
export function sectionFailure(
  chain: ChainKey,
  section: Feature,
  err: unknown,
): { incomplete: IncompleteSection } | { rethrow: unknown } {
  if (err instanceof SectionHandedOffError) return { incomplete: { section, reason: err.message } };
  const mapped = toChainError(err, chain);
  if (toProblem(mapped, { method: 'POST', path: '' }).kind !== 'internal') return { rethrow: mapped };
  const reference = randomBytes(4).toString('hex');
  return { incomplete: { section, reason: `unexpected error while analysing (reference ${reference})`, reference } };
}
