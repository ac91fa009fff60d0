import { z } from 'zod';
import { component } from './api-schemas';

const details = z
  .record(z.string(), z.unknown())
  .meta({ description: 'What was wrong, where it helps (e.g. the field and value refused)' });
const retryAfter = z
  .number()
  .int()
  .meta({ description: 'Seconds to wait before retrying (also in the Retry-After header)', example: 60 });

/** Surface A's error body (SPEC.md "Surface A error body"). */
export const ErrorA = component(
  'ErrorA',
  z.object({
    success: z.literal(false),
    error: z.object({
      code: z.number().int().meta({ description: 'The HTTP status' }),
      message: z.string(),
      type: z.string().meta({ description: 'The kind of error, e.g. `validation_error`, `authentication_error`' }),
      details: details.optional(),
      retry_after: retryAfter.optional(),
    }),
  }),
);

/** Surface B's error body (other than 429). */
export const ErrorB = component(
  'ErrorB',
  z.object({
    success: z.literal(false),
    error: z.string().meta({ description: 'The kind of error, e.g. `invalid_request`, `unauthorized`' }),
    message: z.string(),
    details: details.optional(),
    retry_after: retryAfter.optional(),
  }),
);

/** Surface B's 429 body (SPEC.md). */
export const RateLimitedB = component(
  'RateLimitedB',
  z.object({
    success: z.literal(false),
    error: z.literal('rate_limited'),
    provider: z
      .string()
      .meta({ description: 'Who limited the call: `api` for our own limits, else the upstream kind' }),
    reason: z.string(),
    retry_after: retryAfter,
  }),
);

/** Surface C's error body (SPEC.md "Surface C error codes"). */
export const ErrorC = component(
  'ErrorC',
  z.object({
    error: z.object({
      code: z.string().meta({ description: 'e.g. `INVALID_ADDRESS`, `INVALID_API_KEY`, `RATE_LIMIT_EXCEEDED`' }),
      message: z.string(),
      hint: z.string(),
      details: details.optional(),
      retry_after: retryAfter.optional(),
    }),
  }),
);

export type ErrorBodyA = z.output<typeof ErrorA>;
export type ErrorBodyB = z.output<typeof ErrorB>;
export type RateLimitedBodyB = z.output<typeof RateLimitedB>;
export type ErrorBodyC = z.output<typeof ErrorC>;
