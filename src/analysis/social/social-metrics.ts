import { labelOf, round } from './sentiment.model';
import type { SocialPostData } from '../../providers/social/social.types';
import type { EngagementWindow, InfluencerActivity, PostSentiment, SocialTrend, TrendDirection } from './social.types';

const HOUR_MS = 3_600_000;
export const INFLUENCER_FOLLOWERS = 10_000;
/** A window's mean compound must move this much to count as a change (VADER's labels are 0.05 wide). */
const SENTIMENT_STEP = 0.2;
/** Post counts must change by half and by at least two posts: one post more is noise. */
const VOLUME_RATIO = 1.5;
const VOLUME_MIN_CHANGE = 2;

export interface ScoredPost {
  post: SocialPostData;
  sentiment: PostSentiment;
}

/** Posts whose time lies in (asOf − fromHours, asOf − toHours]. */
export function inWindow(
  posts: ScoredPost[],
  params: { asOfMs: number; fromHours: number; toHours?: number },
): ScoredPost[] {
  const start = params.asOfMs - params.fromHours * HOUR_MS;
  const end = params.asOfMs - (params.toHours ?? 0) * HOUR_MS;
  return posts.filter(({ post }) => {
    const at = Date.parse(post.createdAt);
    return at > start && at <= end;
  });
}

export function engagementOf(posts: ScoredPost[]): EngagementWindow {
  return posts.reduce(
    (sum, { post }) => ({
      posts: sum.posts + 1,
      likes: sum.likes + post.likes,
      reposts: sum.reposts + post.reposts,
      replies: sum.replies + post.replies,
    }),
    { posts: 0, likes: 0, reposts: 0, replies: 0 },
  );
}

/** Half-life of a post's say in the week's overall sentiment: what people say now matters most. */
export const RECENCY_HALF_LIFE_HOURS = 48;

/**
 * Mean compound, each post weighted 1 + log10(1 + likes + reposts + replies): a post many people
 * reacted to speaks for more of them, but a viral post does not drown out all the others. With
 * `asOfMs`, weights also halve every 48 h of age, so last week's launch hype does not outvote
 * today's "can't sell". null without posts.
 */
export function weightedSentiment(posts: ScoredPost[], asOfMs?: number): number | null {
  if (posts.length === 0) return null;
  let total = 0;
  let weights = 0;
  for (const { post, sentiment } of posts) {
    const ageHours = asOfMs === undefined ? 0 : Math.max(0, (asOfMs - Date.parse(post.createdAt)) / HOUR_MS);
    const weight =
      (1 + Math.log10(1 + post.likes + post.reposts + post.replies)) * 0.5 ** (ageHours / RECENCY_HALF_LIFE_HOURS);
    total += weight * sentiment.compound;
    weights += weight;
  }
  return round(total / weights);
}

export function influencerActivity(posts: ScoredPost[]): InfluencerActivity {
  const theirs = posts.filter(({ post }) => post.followers >= INFLUENCER_FOLLOWERS);
  const compound = weightedSentiment(theirs);
  return {
    followerThreshold: INFLUENCER_FOLLOWERS,
    posts: theirs.length,
    authors: [...new Set(theirs.map(({ post }) => post.author))],
    sentiment: compound === null ? null : { compound, label: labelOf(compound) },
  };
}

/** Last 24 h against the 24 h before, by post count and by sentiment. */
export function trendOf(posts: ScoredPost[], asOfMs: number): SocialTrend {
  const last = inWindow(posts, { asOfMs, fromHours: 24 });
  const previous = inWindow(posts, { asOfMs, fromHours: 48, toHours: 24 });
  const sentiment24h = weightedSentiment(last);
  const sentimentPrevious24h = weightedSentiment(previous);
  const volume = volumeDirection(last.length, previous.length);
  const sentiment = sentimentDirection(sentiment24h, sentimentPrevious24h);
  return {
    posts24h: last.length,
    postsPrevious24h: previous.length,
    sentiment24h,
    sentimentPrevious24h,
    volume,
    sentiment,
    direction: overallDirection({ volume, sentiment, sentiment24h }),
  };
}

export function volumeDirection(current: number, previous: number): TrendDirection {
  if (Math.abs(current - previous) < VOLUME_MIN_CHANGE) return 'STABLE';
  if (current >= previous * VOLUME_RATIO) return 'RISING';
  if (current * VOLUME_RATIO <= previous) return 'FALLING';
  return 'STABLE';
}

/** A window without posts is compared as neutral (0): talk starting up angry is a fall. */
export function sentimentDirection(current: number | null, previous: number | null): TrendDirection {
  if (current === null && previous === null) return 'STABLE';
  const delta = (current ?? 0) - (previous ?? 0);
  if (delta >= SENTIMENT_STEP) return 'RISING';
  if (delta <= -SENTIMENT_STEP) return 'FALLING';
  return 'STABLE';
}

/**
 * Sentiment leads: negative talk in the last 24 h that is not improving is a falling token whatever
 * the volume does (a honeypot's victims post more, not less); a sentiment move comes next; volume
 * decides only when sentiment is steady and not negative.
 */
export function overallDirection(params: {
  volume: TrendDirection;
  sentiment: TrendDirection;
  sentiment24h: number | null;
}): TrendDirection {
  const { volume, sentiment, sentiment24h } = params;
  if (sentiment24h !== null && labelOf(sentiment24h) === 'NEGATIVE' && sentiment !== 'RISING') return 'FALLING';
  return sentiment !== 'STABLE' ? sentiment : volume;
}
