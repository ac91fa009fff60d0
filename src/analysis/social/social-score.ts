import { clampScore } from '../scoring/grades';
import type {
  EngagementWindow,
  InfluencerActivity,
  LinkAnalysis,
  SocialScoreParts,
  TrendDirection,
} from './social.types';

/**
 * social_score, 0–100: the sum of five parts, then one cap.
 *
 *   sentiment    0–50  50 × (1 + overall compound) / 2           (−1 → 0, neutral → 25, +1 → 50;
 *                      overall = engagement- and recency-weighted mean, see weightedSentiment)
 *   activity     0–20  10 × min(1, log(1 + posts 7 d) / log(51))
 *                    + 10 × min(1, log(1 + likes + reposts + replies 7 d) / log(10 001))
 *                      (log scales: 50 posts or 10 000 interactions a week fill their half)
 *   links        0–15  website 5, X 4, Telegram 3, GitHub 3       (a project that can be found and checked)
 *   influencers  0–10  10 × (1 + their weighted compound) / 2     (0 when no author has ≥ 10k followers)
 *   trend        0–5   sentiment trend RISING 5, STABLE 3, FALLING 0
 *
 *   cap: an overall NEGATIVE sentiment caps the score at 40, so loud negative talk (can't sell,
 *   rug) never grades above F however much engagement and however many links it has.
 *
 * Rounded to an integer and clamped to 0–100.
 */
export const NEGATIVE_SENTIMENT_CAP = 40;
const LINK_POINTS = { website: 5, x: 4, telegram: 3, github: 3 } as const;
const TREND_POINTS: Record<TrendDirection, number> = { RISING: 5, STABLE: 3, FALLING: 0 };

export interface SocialScoreInput {
  overallCompound: number;
  last7d: EngagementWindow;
  links: Pick<LinkAnalysis, 'website' | 'x' | 'telegram' | 'github'>;
  influencers: Pick<InfluencerActivity, 'sentiment'>;
  sentimentTrend: TrendDirection;
}

export function socialScoreParts(input: SocialScoreInput): SocialScoreParts {
  const interactions = input.last7d.likes + input.last7d.reposts + input.last7d.replies;
  const logShare = (value: number, full: number) => Math.min(1, Math.log(1 + value) / Math.log(1 + full));
  const linkPoints = (Object.keys(LINK_POINTS) as (keyof typeof LINK_POINTS)[]).reduce(
    (sum, kind) => sum + (input.links[kind] ? LINK_POINTS[kind] : 0),
    0,
  );
  const influencer = input.influencers.sentiment;
  return {
    sentiment: round1((50 * (1 + input.overallCompound)) / 2),
    activity: round1(10 * logShare(input.last7d.posts, 50) + 10 * logShare(interactions, 10_000)),
    links: linkPoints,
    influencers: influencer ? round1((10 * (1 + influencer.compound)) / 2) : 0,
    trend: TREND_POINTS[input.sentimentTrend],
  };
}

export function socialScore(parts: SocialScoreParts, overallNegative: boolean): number {
  const total = clampScore(parts.sentiment + parts.activity + parts.links + parts.influencers + parts.trend);
  return overallNegative ? Math.min(total, NEGATIVE_SENTIMENT_CAP) : total;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
