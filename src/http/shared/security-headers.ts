import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * helmet()'s response headers, taken once at boot and then set by one middleware. With helmet's
 * defaults (no per-request CSP nonce) every response gets the same headers, and running its thirteen
 * middlewares per request costs a cached scan measurably (bench/RESULTS.md, issue 16). What helmet
 * sets or removes here is exactly what each response gets.
 */
export function securityHeaders(): Middleware {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let ran = false;
  helmet()({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    ran = true;
  });
  if (!ran) throw new Error('helmet did not finish synchronously: its headers cannot be taken once');
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}
