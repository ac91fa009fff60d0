/** The three route trees of the spec: A (primary), B (scanner), C (platform). */
export type Surface = 'A' | 'B' | 'C';

/** Which surface a path belongs to; decided by path alone so that unknown routes get the right envelope too. */
export function surfaceOf(path: string, scannerBasePath: string): Surface {
  if (path === scannerBasePath || path.startsWith(`${scannerBasePath}/`)) return 'B';
  if (path === '/v1' || path.startsWith('/v1/')) return 'C';
  return 'A';
}
