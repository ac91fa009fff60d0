import { ProviderRateLimitedError, ProviderUnavailableError } from './social.errors';
import { searchQuery, XSocialProvider, type FetchFn } from './x-social.provider';
import type { SocialQuery } from './social.types';

const TOKEN = 'APP-BEARER-SECRET-123';
const CALLER_KEY = 'CALLER-KEY-SECRET-456';
const NOW = new Date('2026-06-01T12:00:00.000Z');
const QUERY: SocialQuery = {
  chain: 'base',
  address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  symbol: 'TEST',
  name: 'Test Token',
};

interface Call {
  url: string;
  init?: RequestInit;
}

function build(answers: Array<() => Promise<Response>>, options: { bearerToken?: string } = { bearerToken: TOKEN }) {
  const calls: Call[] = [];
  const fetchFn: FetchFn = async (url, init) => {
    calls.push({ url, init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    return answer();
  };
  const sut = new XSocialProvider({
    baseUrl: 'https://api.x.example/',
    bearerToken: options.bearerToken,
    fetchFn,
    now: () => NOW,
  });
  return { sut, calls };
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  async () =>
    new Response(JSON.stringify(body), { status, headers });

const SEARCH_ANSWER = {
  data: [
    {
      id: '111',
      text: 'Bullish on $TEST https://t.co/abc',
      author_id: 'u1',
      created_at: '2026-06-01T10:00:00.000Z',
      public_metrics: { like_count: 10, retweet_count: 2, quote_count: 1, reply_count: 3 },
      entities: { urls: [{ expanded_url: 'https://testtoken.example/' }] },
    },
    { id: '112', text: 'no time', author_id: 'u2' },
  ],
  includes: { users: [{ id: 'u1', username: 'alice', public_metrics: { followers_count: 12_345 } }] },
};

async function failure<T extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(type);
  expect(`${(err as Error).message} ${JSON.stringify(err)} ${String((err as Error).cause ?? '')}`).not.toMatch(
    new RegExp(`${TOKEN}|${CALLER_KEY}`),
  );
  return err as T;
}

describe('XSocialProvider', () => {
  it('searches recent posts and maps them, authors and expanded links included', async () => {
    const { sut, calls } = build([json(SEARCH_ANSWER)]);
    await expect(sut.posts(QUERY)).resolves.toEqual({
      source: 'x',
      asOf: NOW.toISOString(),
      links: {},
      posts: [
        {
          id: '111',
          author: '@alice',
          followers: 12_345,
          createdAt: '2026-06-01T10:00:00.000Z',
          text: 'Bullish on $TEST https://t.co/abc',
          likes: 10,
          reposts: 3,
          replies: 3,
          urls: ['https://testtoken.example/'],
        },
      ],
    });
    const url = new URL(calls[0].url);
    expect(url.origin + url.pathname).toBe('https://api.x.example/2/tweets/search/recent');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: `("${QUERY.address}" OR $TEST) -is:retweet`,
      'tweet.fields': 'created_at,public_metrics,author_id,entities',
      expansions: 'author_id',
      'user.fields': 'public_metrics',
      max_results: '100',
    });
    expect(new Headers(calls[0].init?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(calls[0].init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("uses the caller's key over the configured token, and works with the caller's key alone", async () => {
    const withBoth = build([json(SEARCH_ANSWER)]);
    await withBoth.sut.posts({ ...QUERY, apiKey: CALLER_KEY });
    expect(new Headers(withBoth.calls[0].init?.headers).get('authorization')).toBe(`Bearer ${CALLER_KEY}`);
    const keyOnly = build([json(SEARCH_ANSWER)], {});
    expect(keyOnly.sut.canServe()).toBe(false);
    expect(keyOnly.sut.canServe(CALLER_KEY)).toBe(true);
    expect((await keyOnly.sut.posts({ ...QUERY, apiKey: CALLER_KEY }))?.posts).toHaveLength(1);
  });

  it('answers null without credentials (asking nothing) and when nobody posted', async () => {
    const none = build([json(SEARCH_ANSWER)], {});
    await expect(none.sut.posts(QUERY)).resolves.toBeNull();
    expect(none.calls).toHaveLength(0);
    await expect(build([json({ meta: { result_count: 0 } })]).sut.posts(QUERY)).resolves.toBeNull();
  });

  it('turns 401 into ProviderUnavailableError without the token, and does not retry it', async () => {
    const { sut, calls } = build([json({ title: `Unauthorized ${TOKEN}` }, 401)]);
    const error = await failure(sut.posts({ ...QUERY, apiKey: CALLER_KEY }), ProviderUnavailableError);
    expect(error.message).toBe('x is unavailable: it rejected the bearer token');
    expect(calls).toHaveLength(1);
    await expect(sut.healthCheck()).resolves.toEqual({ status: 'unavailable', provider: 'x' });
  });

  it('turns 429 into a rate-limited error carrying retry-after (header, else the reset time)', async () => {
    const withRetryAfter = await failure(
      build([json({}, 429, { 'retry-after': '30' })]).sut.posts(QUERY),
      ProviderRateLimitedError,
    );
    expect(withRetryAfter).toMatchObject({ kind: 'rate_limited', provider: 'x', retryAfter: 30 });
    const reset = String(NOW.getTime() / 1000 + 125);
    const withReset = await failure(
      build([json({}, 429, { 'x-rate-limit-reset': reset })]).sut.posts(QUERY),
      ProviderRateLimitedError,
    );
    expect(withReset.retryAfter).toBe(125);
  });

  it('turns a timeout into ProviderUnavailableError and does not retry it', async () => {
    const { sut, calls } = build([
      async () => {
        throw new DOMException(`The operation timed out: Bearer ${TOKEN}`, 'TimeoutError');
      },
    ]);
    const error = await failure(sut.posts(QUERY), ProviderUnavailableError);
    expect(error.message).toBe('x is unavailable: it did not answer in time');
    expect(calls).toHaveLength(1);
  });

  it('retries a gateway error or a dropped connection once', async () => {
    const recovered = build([json({}, 503), json(SEARCH_ANSWER)]);
    expect((await recovered.sut.posts(QUERY))?.posts).toHaveLength(1);
    expect(recovered.calls).toHaveLength(2);
    const down = build([
      async () => {
        throw new TypeError(`fetch failed (${TOKEN})`);
      },
    ]);
    const error = await failure(down.sut.posts(QUERY), ProviderUnavailableError);
    expect(error.message).toBe('x is unavailable: it could not be reached');
    expect(down.calls).toHaveLength(2);
  });

  it('reports malformed answers and health without spending a search', async () => {
    const { sut, calls } = build([async () => new Response('<html>', { status: 200 })]);
    await expect(sut.healthCheck()).resolves.toEqual({ status: 'operational', provider: 'x' });
    expect(calls).toHaveLength(0);
    expect((await failure(sut.posts(QUERY), ProviderUnavailableError)).message).toMatch(/malformed JSON/);
    await expect(build([], {}).sut.healthCheck()).resolves.toEqual({ status: 'not_configured', provider: 'x' });
  });

  it('leaves a symbol out of the query when it is not a cashtag', () => {
    expect(searchQuery({ address: QUERY.address, symbol: 'A B"' })).toBe(`("${QUERY.address}") -is:retweet`);
  });
});
