import {
  engagementOf,
  inWindow,
  overallDirection,
  sentimentDirection,
  trendOf,
  volumeDirection,
  weightedSentiment,
  type ScoredPost,
} from './social-metrics';
import { labelOf } from './sentiment.model';

const AS_OF = Date.parse('2026-06-01T12:00:00.000Z');
const HOUR = 3_600_000;

function scored(params: {
  hoursAgo: number;
  compound: number;
  likes?: number;
  followers?: number;
  author?: string;
}): ScoredPost {
  const createdAt = new Date(AS_OF - params.hoursAgo * HOUR).toISOString();
  const post = {
    id: `p${params.hoursAgo}`,
    author: params.author ?? '@a',
    followers: params.followers ?? 100,
    createdAt,
    text: '',
    likes: params.likes ?? 0,
    reposts: 0,
    replies: 0,
  };
  return { post, sentiment: { ...post, compound: params.compound, label: labelOf(params.compound) } };
}

describe('social metrics', () => {
  it('counts windows as (asOf − from, asOf − to]', () => {
    const posts = [
      scored({ hoursAgo: 0, compound: 0 }),
      scored({ hoursAgo: 24, compound: 0 }),
      scored({ hoursAgo: 24.01, compound: 0 }),
      scored({ hoursAgo: 48, compound: 0 }),
    ];
    expect(inWindow(posts, { asOfMs: AS_OF, fromHours: 24 }).map((p) => p.post.id)).toEqual(['p0']);
    expect(inWindow(posts, { asOfMs: AS_OF, fromHours: 48, toHours: 24 }).map((p) => p.post.id)).toEqual([
      'p24',
      'p24.01',
    ]);
  });

  it('sums engagement', () => {
    const posts = [scored({ hoursAgo: 1, compound: 0, likes: 3 }), scored({ hoursAgo: 2, compound: 0, likes: 4 })];
    expect(engagementOf(posts)).toEqual({ posts: 2, likes: 7, reposts: 0, replies: 0 });
  });

  it('weights sentiment by engagement (log) and, given a time, by recency', () => {
    const quiet = scored({ hoursAgo: 1, compound: 1 });
    const loud = scored({ hoursAgo: 1, compound: -1, likes: 99 });
    // weights 1 and 1 + log10(100) = 3 → (1 − 3) / 4
    expect(weightedSentiment([quiet, loud])).toBe(-0.5);
    const old = scored({ hoursAgo: 49, compound: 1 });
    // the old post's weight is halved: (0.5 − 1) / 1.5
    expect(weightedSentiment([old, scored({ hoursAgo: 1, compound: -1 })], AS_OF + HOUR)).toBeCloseTo(-1 / 3, 3);
    expect(weightedSentiment([])).toBeNull();
  });

  it('calls volume changes only when they are large and more than a post', () => {
    expect(volumeDirection(6, 4)).toBe('RISING');
    expect(volumeDirection(5, 4)).toBe('STABLE');
    expect(volumeDirection(1, 0)).toBe('STABLE');
    expect(volumeDirection(2, 0)).toBe('RISING');
    expect(volumeDirection(4, 8)).toBe('FALLING');
    expect(volumeDirection(10, 11)).toBe('STABLE');
  });

  it('calls sentiment moves of 0.2 or more, an empty window counting as neutral', () => {
    expect(sentimentDirection(0.5, 0.2)).toBe('RISING');
    expect(sentimentDirection(0.5, 0.4)).toBe('STABLE');
    expect(sentimentDirection(-0.6, 0.1)).toBe('FALLING');
    expect(sentimentDirection(-0.6, null)).toBe('FALLING');
    expect(sentimentDirection(null, null)).toBe('STABLE');
  });

  it('lets negative recent talk make the trend fall whatever the volume', () => {
    expect(overallDirection({ volume: 'RISING', sentiment: 'STABLE', sentiment24h: -0.7 })).toBe('FALLING');
    expect(overallDirection({ volume: 'STABLE', sentiment: 'RISING', sentiment24h: -0.1 })).toBe('RISING');
    expect(overallDirection({ volume: 'RISING', sentiment: 'STABLE', sentiment24h: 0.5 })).toBe('RISING');
  });

  it('compares the last 24 h with the 24 h before', () => {
    const posts = [
      ...[1, 2, 3, 4, 5].map((h) => scored({ hoursAgo: h, compound: -0.8 })),
      ...[30, 40].map((h) => scored({ hoursAgo: h, compound: 0.6 })),
      scored({ hoursAgo: 60, compound: 0.9 }),
    ];
    expect(trendOf(posts, AS_OF)).toEqual({
      posts24h: 5,
      postsPrevious24h: 2,
      sentiment24h: -0.8,
      sentimentPrevious24h: 0.6,
      volume: 'RISING',
      sentiment: 'FALLING',
      direction: 'FALLING',
    });
  });
});
