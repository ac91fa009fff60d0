import { createTokenAnalysisClient, type Client } from '../../packages/sdk/src/index';

/** The key lives in this tab's session storage only: never in a URL, never in local storage. */
const KEY_SLOT = 'tas.apiKey';

export function storedKey(): string {
  return sessionStorage.getItem(KEY_SLOT) ?? '';
}

export function storeKey(key: string): void {
  if (key) sessionStorage.setItem(KEY_SLOT, key);
  else sessionStorage.removeItem(KEY_SLOT);
}

/** A client of this same service (the console is served by it), with the key when there is one. */
export function client(apiKey?: string): Client {
  return createTokenAnalysisClient({ baseUrl: window.location.origin, apiKey: apiKey || undefined });
}

/** The message of any surface's error envelope (A: `{error:{message}}`), or a plain description. */
export function messageOf(error: unknown, response?: Response): string {
  const body = error as { error?: { message?: string } | string; message?: string } | undefined;
  if (body && typeof body.error === 'object' && body.error?.message) return body.error.message;
  if (body && typeof body.message === 'string') return body.message;
  if (response) return `The service answered ${response.status} ${response.statusText}`;
  return error instanceof Error ? error.message : 'The service could not be reached';
}
