/** The three route trees of the spec: A (primary), B (scanner), C (platform). */
export type Surface = 'A' | 'B' | 'C';

/** Which surface a path belongs to; decided by path alone so that unknown routes get the right envelope too. */
export function surfaceOf(path: string, scannerBasePath: string): Surface {
  if (path === scannerBasePath || path.startsWith(`${scannerBasePath}/`)) return 'B';
  if (path === '/v1' || path.startsWith('/v1/')) return 'C';
  return 'A';
}

/**
 * The surface of a request by the path it was sent to. `req.path` is relative to where a middleware
 * is mounted (`/` inside a catch-all), so the original URL decides.
 */
export function surfaceOfRequest(req: { originalUrl?: string; url: string }, scannerBasePath: string): Surface {
  return surfaceOf((req.originalUrl ?? req.url).split('?')[0], scannerBasePath);
}
