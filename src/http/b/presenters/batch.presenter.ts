import { z } from 'zod';
import type { BatchResult } from '../../../analysis/batch/batch-scan.service';
import { component } from '../../shared/openapi/api-schemas';
import { ErrorB, RateLimitedB, type ErrorBodyB, type RateLimitedBodyB } from '../../shared/openapi/error-envelopes';
import { batchResults } from '../../shared/presenters/batch';
import { count, success, TOKEN_ADDRESS } from './fields';
import { AnalyzeResponseB, presentAnalyzeB } from './token.presenter';

const itemHead = {
  index: count(0).meta({ description: "The token's position in the request" }),
  contract_address: z.string().meta({ example: TOKEN_ADDRESS, description: 'As sent' }),
  chain: z.string().meta({ example: 'eth', description: 'As sent (a chain id as its key); eth when not sent' }),
};

/** A failed item carries the error fields B would have answered for that token alone. */
const FailedItemB = z.union([
  z.object({ ...itemHead, ...ErrorB.shape }),
  z.object({ ...itemHead, ...RateLimitedB.shape }),
]);

export const AnalyzeBatchResponseB = component(
  'AnalyzeBatchResponseB',
  z.object({
    success,
    results: z
      .array(
        z.union([
          z.object({
            ...itemHead,
            success,
            data: AnalyzeResponseB.meta({ description: 'As POST /token/analyze answers it' }),
          }),
          ...FailedItemB.options,
        ]),
      )
      .meta({ description: 'One per requested token, in input order' }),
    summary: z.object({
      requested: count(3),
      succeeded: count(2),
      failed: count(1),
      quota_charged: count(2).meta({ description: 'Quota calls taken: one per distinct token answered' }),
    }),
  }),
);
export type AnalyzeBatchResponseB = z.output<typeof AnalyzeBatchResponseB>;

/** `POST /token/analyze/batch`. */
export function presentAnalyzeBatchB(
  result: BatchResult,
  tokens: Array<{ contract_address: string; chain?: string }>,
): AnalyzeBatchResponseB {
  const { results, summary } = batchResults<AnalyzeResponseB, ErrorBodyB | RateLimitedBodyB>(
    result,
    tokens,
    'B',
    (served) => presentAnalyzeB(served.report),
  );
  return { success: true, results, summary };
}
