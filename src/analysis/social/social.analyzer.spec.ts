import { ProviderRateLimitedError, ProviderUnavailableError } from '../../providers/social/social.errors';
import { SocialAnalyzer, type SocialAnalysisInput } from './social.analyzer';
import { SocialProvider } from '../../providers/social/social-provider';
import type { SocialData, SocialPostData, SocialProviderHealth } from '../../providers/social/social.types';

const AS_OF = '2026-06-01T12:00:00.000Z';
const hoursAgo = (h: number) => new Date(Date.parse(AS_OF) - h * 3_600_000).toISOString();

class FakeSocialProvider extends SocialProvider {
  readonly queries: unknown[] = [];
  constructor(private readonly answer: () => Promise<SocialData | null>) {
    super();
  }
  posts(query: unknown): Promise<SocialData | null> {
    this.queries.push(query);
    return this.answer();
  }
  async healthCheck(): Promise<SocialProviderHealth> {
    return { status: 'operational', provider: 'fake' };
  }
}

const post = (overrides: Partial<SocialPostData> = {}): SocialPostData => ({
  id: 'p',
  author: '@a',
  followers: 100,
  createdAt: hoursAgo(1),
  text: 'Great token, love it',
  likes: 1,
  reposts: 0,
  replies: 0,
  ...overrides,
});

const INPUT: SocialAnalysisInput = {
  chain: 'eth',
  address: '0x0000000000000000000000000000000000000001',
  symbol: 'TEST',
  name: 'Test Token',
  apiKey: 'K',
};

function build(answer: () => Promise<SocialData | null>) {
  const provider = new FakeSocialProvider(answer);
  return { sut: new SocialAnalyzer(provider), provider };
}

describe('SocialAnalyzer', () => {
  it('is unavailable, with a reason and no score, when the provider has no data', async () => {
    const { sut, provider } = build(async () => null);
    const section = await sut.analyze({ ...INPUT, sourceComments: 'Site: https://testtoken.example' });
    expect(section).toEqual({
      available: false,
      reason: 'no social data is known for this token',
      source: null,
      links: {
        website: 'https://testtoken.example',
        x: null,
        telegram: null,
        github: null,
        found: [{ kind: 'website', url: 'https://testtoken.example', foundIn: ['source_comments'] }],
      },
    });
    // The source comments are the analyzer's own input; the provider sees the query (key included) only.
    expect(provider.queries).toEqual([
      { chain: 'eth', address: INPUT.address, symbol: 'TEST', name: 'Test Token', apiKey: 'K' },
    ]);
  });

  it('is unavailable when nobody posted in the last 7 days', async () => {
    const { sut } = build(async () => ({
      source: 'x',
      asOf: AS_OF,
      links: {},
      posts: [post({ createdAt: hoursAgo(24 * 7 + 1) })],
    }));
    await expect(sut.analyze(INPUT)).resolves.toMatchObject({
      available: false,
      reason: 'nobody posted about this token in the last 7 days',
      source: 'x',
    });
  });

  it('turns provider failures into a reason, and lets other errors through', async () => {
    const down = await build(async () => {
      throw new ProviderUnavailableError('x', 'it rejected the bearer token');
    }).sut.analyze(INPUT);
    expect(down).toMatchObject({ available: false, reason: 'x is unavailable: it rejected the bearer token' });
    const limited = await build(async () => {
      throw new ProviderRateLimitedError('x', 30);
    }).sut.analyze(INPUT);
    expect(limited).toMatchObject({ available: false, reason: 'x is rate-limiting us: retry in 30 s' });
    await expect(
      build(async () => {
        throw new TypeError('bug');
      }).sut.analyze(INPUT),
    ).rejects.toThrow('bug');
  });

  it('analyses posts: sentiment, engagement windows, influencers, trend, score and grade', async () => {
    const posts = [
      post({
        id: 'n1',
        text: "Can't sell $TEST, it is a honeypot. Scam!",
        createdAt: hoursAgo(2),
        followers: 50_000,
        likes: 100,
        replies: 40,
      }),
      post({ id: 'n2', text: 'Lost my money on $TEST. Terrible', createdAt: hoursAgo(5), likes: 10 }),
      post({
        id: 'p1',
        text: 'Bullish on $TEST, great community',
        createdAt: hoursAgo(30),
        followers: 20_000,
        likes: 50,
        reposts: 5,
      }),
      post({ id: 'z1', text: '$TEST listed today', createdAt: hoursAgo(100), likes: 0 }),
    ];
    const { sut } = build(async () => ({
      source: 'devnet',
      asOf: AS_OF,
      links: { telegram: 'https://t.me/testtoken' },
      posts,
    }));
    const section = await sut.analyze(INPUT);
    if (!section.available) throw new Error('expected an available section');
    expect(section.sentiment.posts.map((p) => [p.id, p.label])).toEqual([
      ['n1', 'NEGATIVE'],
      ['n2', 'NEGATIVE'],
      ['p1', 'POSITIVE'],
      ['z1', 'NEUTRAL'],
    ]);
    expect(section.sentiment).toMatchObject({ positive: 1, neutral: 1, negative: 2, overall: { label: 'NEGATIVE' } });
    expect(section.engagement).toEqual({
      last24h: { posts: 2, likes: 110, reposts: 0, replies: 40 },
      last7d: { posts: 4, likes: 160, reposts: 5, replies: 40 },
    });
    expect(section.influencers).toMatchObject({ followerThreshold: 10_000, posts: 2, authors: ['@a'] });
    expect(section.trend).toMatchObject({
      posts24h: 2,
      postsPrevious24h: 1,
      sentiment: 'FALLING',
      direction: 'FALLING',
    });
    expect(section.links.telegram).toBe('https://t.me/testtoken');
    const { sentiment, activity, links, influencers, trend } = section.scoreParts;
    expect(section.socialScore).toBe(Math.min(40, Math.round(sentiment + activity + links + influencers + trend)));
    expect(section.grade).toBe('F');
  });
});
