import type { Grade } from '../scoring/grades';
import type { SocialSource } from '../../providers/social/social.types';

/** What the social analysis makes of the provider's data (the `link_analysis` section). */
export type SentimentLabel = 'POSITIVE' | 'NEUTRAL' | 'NEGATIVE';
export type TrendDirection = 'RISING' | 'STABLE' | 'FALLING';
export type LinkKind = 'website' | 'x' | 'telegram' | 'github';
/** Where a link was seen: the verified source's comments, the project's own profile data, or posts about it. */
export type LinkOrigin = 'source_comments' | 'profile' | 'posts';

export interface Sentiment {
  /** VADER compound score, −1..1. */
  compound: number;
  label: SentimentLabel;
}

export interface FoundLink {
  kind: LinkKind;
  /** Normalised: https, lower-case host without www, x.com for twitter.com, no query or trailing slash. */
  url: string;
  foundIn: LinkOrigin[];
}

export interface LinkAnalysis {
  website: string | null;
  x: string | null;
  telegram: string | null;
  github: string | null;
  found: FoundLink[];
}

export interface PostSentiment extends Sentiment {
  id: string;
  author: string;
  followers: number;
  createdAt: string;
  text: string;
}

export interface EngagementWindow {
  posts: number;
  likes: number;
  reposts: number;
  replies: number;
}

export interface InfluencerActivity {
  /** Followers from which an author counts as an influencer. */
  followerThreshold: number;
  posts: number;
  authors: string[];
  /** Mean sentiment of their posts; null without any. */
  sentiment: Sentiment | null;
}

export interface SocialTrend {
  posts24h: number;
  postsPrevious24h: number;
  /** Mean compound of each window; null when the window has no post. */
  sentiment24h: number | null;
  sentimentPrevious24h: number | null;
  volume: TrendDirection;
  sentiment: TrendDirection;
  /** The sentiment's direction when it moved, else the volume's: a surge of angry posts is not a rising token. */
  direction: TrendDirection;
}

export interface SocialScoreParts {
  sentiment: number;
  activity: number;
  links: number;
  influencers: number;
  trend: number;
}

interface SocialSectionBase {
  source: SocialSource | null;
  links: LinkAnalysis;
}

export interface UnavailableSocialSection extends SocialSectionBase {
  available: false;
  /** Why there is no social analysis; never replaced by a made-up score. */
  reason: string;
}

export interface AvailableSocialSection extends SocialSectionBase {
  available: true;
  source: SocialSource;
  asOf: string;
  sentiment: { overall: Sentiment; positive: number; neutral: number; negative: number; posts: PostSentiment[] };
  engagement: { last24h: EngagementWindow; last7d: EngagementWindow };
  influencers: InfluencerActivity;
  trend: SocialTrend;
  socialScore: number;
  scoreParts: SocialScoreParts;
  grade: Grade;
}

export type SocialSection = AvailableSocialSection | UnavailableSocialSection;
