import type { Surface } from '../../src/http/shared/surface';

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const extraKeys = (o: Record<string, unknown>, allowed: string[]): string[] =>
  Object.keys(o).filter((k) => !allowed.includes(k));

/**
 * Why `body` is not an error answer of `surface` with HTTP status `status` (SPEC.md "Errors"), or null
 * when it is one:
 * - A: `{success:false, error:{code:<status>, message, type, details?, retry_after?}}`
 * - B: `{success:false, error, message, details?, retry_after?}`; 429: `{success:false, error:'rate_limited', provider, reason, retry_after}`
 * - C: `{error:{code, message, hint, details?, retry_after?}}`
 */
export function envelopeMismatch(surface: Surface, status: number, body: unknown): string | null {
  if (!isObject(body)) return 'the body is not a JSON object';
  if (surface === 'A') {
    const e = body.error;
    if (body.success !== false || !isObject(e)) return 'A: want {success:false, error:{...}}';
    if (e.code !== status) return `A: error.code ${JSON.stringify(e.code)} is not the status ${status}`;
    if (typeof e.message !== 'string' || typeof e.type !== 'string' || !/^[a-z_]+_error$/.test(e.type))
      return 'A: want error.message and error.type (…_error)';
    if (status === 429 && !Number.isInteger(e.retry_after)) return 'A: a 429 carries error.retry_after';
    const extra = [
      ...extraKeys(body, ['success', 'error']),
      ...extraKeys(e, ['code', 'message', 'type', 'details', 'retry_after']),
    ];
    return extra.length ? `A: unexpected fields ${extra.join(', ')}` : null;
  }
  if (surface === 'B') {
    if (body.success !== false || typeof body.error !== 'string') return 'B: want {success:false, error:"<kind>"}';
    if (status === 429) {
      const ok =
        body.error === 'rate_limited' &&
        typeof body.provider === 'string' &&
        typeof body.reason === 'string' &&
        Number.isInteger(body.retry_after);
      const extra = extraKeys(body, ['success', 'error', 'provider', 'reason', 'retry_after']);
      return !ok
        ? 'B: a 429 is {error:"rate_limited", provider, reason, retry_after}'
        : extra.length
          ? `B: unexpected fields ${extra.join(', ')}`
          : null;
    }
    if (typeof body.message !== 'string') return 'B: want message';
    const extra = extraKeys(body, ['success', 'error', 'message', 'details', 'retry_after']);
    return extra.length ? `B: unexpected fields ${extra.join(', ')}` : null;
  }
  const e = body.error;
  if (!isObject(e) || typeof e.code !== 'string' || !/^[A-Z_]+$/.test(e.code))
    return 'C: want {error:{code:"UPPER_CASE", ...}}';
  if (typeof e.message !== 'string' || typeof e.hint !== 'string') return 'C: want error.message and error.hint';
  const extra = [...extraKeys(body, ['error']), ...extraKeys(e, ['code', 'message', 'hint', 'details', 'retry_after'])];
  return extra.length ? `C: unexpected fields ${extra.join(', ')}` : null;
}

export function isNotFoundEnvelope(surface: Surface, body: any): boolean {
  if (envelopeMismatch(surface, 404, body)) return false;
  if (surface === 'A') return body.error.type === 'not_found_error';
  if (surface === 'B') return body.error === 'not_found';
  return body.error.code === 'NOT_FOUND';
}

export function isValidationEnvelope(surface: Surface, body: any): boolean {
  if (envelopeMismatch(surface, 400, body)) return false;
  if (surface === 'A') return body.error.type === 'validation_error';
  if (surface === 'B') return body.error === 'invalid_request';
  return body.error.code === 'VALIDATION_ERROR';
}

/** The message of an error answer of any surface ('' when there is none). */
export function messageOf(body: any): string {
  return typeof body?.message === 'string' ? body.message : (body?.error?.message ?? '');
}
