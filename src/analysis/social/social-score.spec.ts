import { NEGATIVE_SENTIMENT_CAP, socialScore, socialScoreParts, type SocialScoreInput } from './social-score';

const input = (overrides: Partial<SocialScoreInput> = {}): SocialScoreInput => ({
  overallCompound: 0,
  last7d: { posts: 0, likes: 0, reposts: 0, replies: 0 },
  links: { website: null, x: null, telegram: null, github: null },
  influencers: { sentiment: null },
  sentimentTrend: 'STABLE',
  ...overrides,
});

describe('social score', () => {
  it('gives a neutral, silent, link-less token its sentiment midpoint and the steady-trend points', () => {
    const parts = socialScoreParts(input());
    expect(parts).toEqual({ sentiment: 25, activity: 0, links: 0, influencers: 0, trend: 3 });
    expect(socialScore(parts, false)).toBe(28);
  });

  it('fills every part at its maximum', () => {
    const parts = socialScoreParts(
      input({
        overallCompound: 1,
        last7d: { posts: 50, likes: 8_000, reposts: 1_000, replies: 1_000 },
        links: {
          website: 'https://a.example',
          x: 'https://x.com/a',
          telegram: 'https://t.me/a',
          github: 'https://github.com/a',
        },
        influencers: { sentiment: { compound: 1, label: 'POSITIVE' } },
        sentimentTrend: 'RISING',
      }),
    );
    expect(parts).toEqual({ sentiment: 50, activity: 20, links: 15, influencers: 10, trend: 5 });
    expect(socialScore(parts, false)).toBe(100);
  });

  it('scales activity logarithmically and weighs each link kind', () => {
    const parts = socialScoreParts(
      input({
        last7d: { posts: 7, likes: 99, reposts: 0, replies: 0 },
        links: { website: 'w', x: null, telegram: 't', github: null },
      }),
    );
    expect(parts.activity).toBeCloseTo(10 * (Math.log(8) / Math.log(51)) + 10 * (Math.log(100) / Math.log(10_001)), 1);
    expect(parts.links).toBe(8);
  });

  it('caps an overall negative sentiment at 40 (grade F)', () => {
    const parts = { sentiment: 20, activity: 20, links: 15, influencers: 3, trend: 0 };
    expect(socialScore(parts, false)).toBe(58);
    expect(socialScore(parts, true)).toBe(NEGATIVE_SENTIMENT_CAP);
  });
});
