import { ProviderUnavailableError } from '../../src/providers/source/source.errors';

type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

/** Stands in for `fetch` in an HTTP adapter: records every call and answers with the test's response. */
export class FakeFetch {
  readonly calls: Array<{ url: string; init?: RequestInit }> = [];
  constructor(private readonly answer: () => Promise<Response>) {}
  readonly fn: FetchFn = async (url, init) => {
    this.calls.push({ url, init });
    return this.answer();
  };
}

/** An answer for FakeFetch: the body as JSON with the status. */
export const jsonAnswer =
  (body: unknown, status = 200) =>
  async () =>
    new Response(JSON.stringify(body), { status });

/**
 * Awaits an adapter call that must fail as `unavailable`, and checks that the provider's secret
 * appears nowhere in the error (message or serialized fields): errors reach logs and envelopes.
 */
export async function expectUnavailable(promise: Promise<unknown>, secret: string): Promise<ProviderUnavailableError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderUnavailableError);
  const error = err as ProviderUnavailableError;
  expect(error.kind).toBe('unavailable');
  expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(secret);
  return error;
}
