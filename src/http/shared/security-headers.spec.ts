import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { securityHeaders } from './security-headers';

/** The headers a middleware leaves on a response that starts with X-Powered-By set. */
function headersAfter(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers = new Map<string, string>([['x-powered-by', 'Express']]);
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  let nextCalls = 0;
  middleware({ headers: {} } as IncomingMessage, res, () => (nextCalls += 1));
  expect(nextCalls).toBe(1);
  return Object.fromEntries(headers);
}

describe('securityHeaders', () => {
  it('sets exactly what helmet() sets, on every response', () => {
    const sut = securityHeaders();
    const expected = headersAfter(helmet());
    expect(headersAfter(sut)).toEqual(expected);
    expect(headersAfter(sut)).toEqual(expected);
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    expect(expected['x-powered-by']).toBeUndefined();
  });
});
