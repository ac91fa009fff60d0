import { SocialProvider } from './social-provider';
import { ProviderRateLimitedError, ProviderUnavailableError } from './social.errors';
import type { SocialData, SocialPostData, SocialProviderHealth, SocialQuery } from './social.types';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface XSocialProviderOptions {
  /** API root, e.g. https://api.x.com (no trailing /2). */
  baseUrl: string;
  /** App bearer token; a request's own key takes precedence. Without either, every answer is null. */
  bearerToken?: string;
  timeoutMs?: number;
  fetchFn?: FetchFn;
  /** Clock for `asOf` and rate-limit resets. */
  now?: () => Date;
}

/** The part of X's v2 search answer read here; it never leaves this file. */
interface XSearchAnswer {
  data?: Array<{
    id: string;
    text: string;
    author_id?: string;
    created_at?: string;
    public_metrics?: { like_count?: number; retweet_count?: number; reply_count?: number; quote_count?: number };
    entities?: { urls?: Array<{ expanded_url?: string; unwound_url?: string }> };
  }>;
  includes?: { users?: Array<{ id: string; username: string; public_metrics?: { followers_count?: number } }> };
}

const PROVIDER = 'x';
const DEFAULT_TIMEOUT_MS = 8_000;
const RETRYABLE_STATUS = new Set([502, 503, 504]);
const CASHTAG = /^[A-Za-z][A-Za-z0-9_]{0,14}$/;

/**
 * X API v2 recent search (last 7 days): posts naming the token's address or cashtag, with their
 * authors' follower counts. A search is a read, so a dropped connection or a gateway error is
 * retried once; a timeout is not (the budget is spent), nor are 4xx answers.
 */
export class XSocialProvider extends SocialProvider {
  private readonly fetchFn: FetchFn;
  private readonly now: () => Date;
  private lastFailed = false;

  constructor(private readonly options: XSocialProviderOptions) {
    super();
    this.fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? (() => new Date());
  }

  /** True when a search can be made for this request (a configured token or the caller's key). */
  canServe(apiKey?: string): boolean {
    return Boolean(apiKey || this.options.bearerToken);
  }

  async posts(query: SocialQuery): Promise<SocialData | null> {
    const token = query.apiKey || this.options.bearerToken;
    if (!token) return null;
    const answer = await this.search(searchQuery(query), token);
    const posts = toPosts(answer);
    if (posts.length === 0) return null;
    return { source: 'x', asOf: this.now().toISOString(), posts, links: {} };
  }

  /** No call is made: every search spends the account's monthly post cap, so health reports the last outcome. */
  async healthCheck(): Promise<SocialProviderHealth> {
    if (!this.options.bearerToken) return { status: 'not_configured', provider: PROVIDER };
    return { status: this.lastFailed ? 'unavailable' : 'operational', provider: PROVIDER };
  }

  private async search(query: string, token: string): Promise<XSearchAnswer> {
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}/2/tweets/search/recent`);
    url.searchParams.set('query', query);
    url.searchParams.set('tweet.fields', 'created_at,public_metrics,author_id,entities');
    url.searchParams.set('expansions', 'author_id');
    url.searchParams.set('user.fields', 'public_metrics');
    url.searchParams.set('max_results', '100');
    try {
      const answer = await this.getWithRetry(url.toString(), token);
      this.lastFailed = false;
      return answer;
    } catch (err) {
      this.lastFailed = true;
      throw err;
    }
  }

  private async getWithRetry(url: string, token: string): Promise<XSearchAnswer> {
    try {
      return await this.get(url, token);
    } catch (err) {
      if (!(err instanceof RetryableFailure)) throw err;
      try {
        return await this.get(url, token);
      } catch (again) {
        throw again instanceof RetryableFailure ? again.error : again;
      }
    }
  }

  private async get(url: string, token: string): Promise<XSearchAnswer> {
    let response: Response;
    try {
      response = await this.fetchFn(url, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (err) {
      // The cause is dropped on purpose: it may echo the request, and the request carries the token.
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new ProviderUnavailableError(PROVIDER, 'it did not answer in time');
      throw new RetryableFailure(new ProviderUnavailableError(PROVIDER, 'it could not be reached'));
    }
    if (response.status === 429) throw new ProviderRateLimitedError(PROVIDER, this.retryAfter(response.headers));
    if (response.status === 401 || response.status === 403)
      throw new ProviderUnavailableError(PROVIDER, 'it rejected the bearer token');
    if (RETRYABLE_STATUS.has(response.status))
      throw new RetryableFailure(new ProviderUnavailableError(PROVIDER, `it answered HTTP ${response.status}`));
    if (!response.ok) throw new ProviderUnavailableError(PROVIDER, `it answered HTTP ${response.status}`);
    try {
      return (await response.json()) as XSearchAnswer;
    } catch {
      throw new ProviderUnavailableError(PROVIDER, 'it answered with malformed JSON');
    }
  }

  /** Seconds to wait: `retry-after`, else X's `x-rate-limit-reset` (epoch seconds), else one minute. */
  private retryAfter(headers: Headers): number {
    const retryAfter = Number(headers.get('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.ceil(retryAfter);
    const reset = Number(headers.get('x-rate-limit-reset'));
    if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - this.now().getTime() / 1000));
    return 60;
  }
}

/** Marks a failure that may be tried once more. */
class RetryableFailure extends Error {
  constructor(readonly error: ProviderUnavailableError) {
    super(error.message);
  }
}

/** `("0xabc…" OR $SYM) -is:retweet`: the address is exact; the cashtag only when it is one. */
export function searchQuery(query: Pick<SocialQuery, 'address' | 'symbol'>): string {
  const terms = [`"${query.address}"`];
  if (CASHTAG.test(query.symbol)) terms.push(`$${query.symbol}`);
  return `(${terms.join(' OR ')}) -is:retweet`;
}

function toPosts(answer: XSearchAnswer): SocialPostData[] {
  const users = new Map((answer.includes?.users ?? []).map((user) => [user.id, user]));
  // A post without a time cannot be placed in any window.
  return (answer.data ?? [])
    .filter((tweet) => tweet.created_at && !Number.isNaN(Date.parse(tweet.created_at)))
    .map((tweet) => {
      const user = tweet.author_id ? users.get(tweet.author_id) : undefined;
      const metrics = tweet.public_metrics ?? {};
      const urls = (tweet.entities?.urls ?? [])
        .map((u) => u.unwound_url ?? u.expanded_url)
        .filter((u): u is string => Boolean(u));
      return {
        id: tweet.id,
        author: user ? `@${user.username}` : `@${tweet.author_id ?? 'unknown'}`,
        followers: user?.public_metrics?.followers_count ?? 0,
        createdAt: new Date(tweet.created_at!).toISOString(),
        text: tweet.text,
        likes: metrics.like_count ?? 0,
        // Quotes spread a post as retweets do.
        reposts: (metrics.retweet_count ?? 0) + (metrics.quote_count ?? 0),
        replies: metrics.reply_count ?? 0,
        ...(urls.length > 0 ? { urls } : {}),
      };
    });
}
