import { Injectable } from '@nestjs/common';
import type { ChainKey } from '../../config/app-config';
import { TokenAnalysisService } from '../token-analysis.service';
import { AI_CACHE_TTL } from './research.service';
import { SocialFactsSource, type SocialFacts } from './social-facts';

export interface XAnalysisRequest {
  chain: ChainKey;
  address: string;
}

/**
 * Social-media analysis. With `available: false` every measured field is null and `reason` says
 * why: no number is ever made up.
 */
export interface XAnalysis {
  token: { name: string; symbol: string; address: string; chain: ChainKey; chainId: number; chainName: string };
  available: boolean;
  reason: string | null;
  source: string | null;
  asOf: string | null;
  sentiment: { label: string; score: number } | null;
  trends: { direction: string | null; posts24h: number | null; postsPrevious24h: number | null } | null;
  influencerActivity: { posts: number; influencers: string[] } | null;
  engagementVolume: {
    posts24h: number | null;
    likes: number | null;
    reposts: number | null;
    replies: number | null;
  } | null;
  socialScore: number | null;
  links: Record<string, string>;
  topPosts: Array<{ text: string; author: string; followers: number | null }>;
  summary: string;
}

@Injectable()
export class XAnalysisService {
  constructor(
    private readonly analysis: TokenAnalysisService,
    private readonly social: SocialFactsSource,
  ) {}

  async analyze(request: XAnalysisRequest): Promise<XAnalysis> {
    // Token facts only (no sections): proves the token exists and names it for the social search.
    const { report } = await this.analysis.scan({
      chain: request.chain,
      address: request.address,
      features: [],
      cacheTtl: AI_CACHE_TTL,
    });
    const token = {
      name: report.token.name,
      symbol: report.token.symbol,
      address: report.address,
      chain: report.chain,
      chainId: report.chainId,
      chainName: report.chainName,
    };
    let facts: SocialFacts;
    try {
      facts = await this.social.facts({
        chain: report.chain,
        address: report.address,
        symbol: token.symbol,
        name: token.name,
      });
    } catch (err) {
      facts = { available: false, reason: err instanceof Error ? err.message : 'the social source failed' };
    }
    return { token, ...presentFacts(facts, token.symbol) };
  }
}

export function presentFacts(f: SocialFacts, symbol: string): Omit<XAnalysis, 'token'> {
  if (!f.available) {
    const reason = f.reason ?? 'no social data';
    return {
      available: false,
      reason,
      source: f.source ?? null,
      asOf: null,
      sentiment: null,
      trends: null,
      influencerActivity: null,
      engagementVolume: null,
      socialScore: null,
      links: f.links ?? {},
      topPosts: [],
      summary: `No social data for ${symbol}: ${reason}. Nothing is estimated in its place.`,
    };
  }
  const hasTrend = f.trend !== undefined || f.posts24h !== undefined;
  return {
    available: true,
    reason: null,
    source: f.source ?? null,
    asOf: f.asOf ?? null,
    sentiment: f.sentiment ?? null,
    trends: hasTrend
      ? { direction: f.trend ?? null, posts24h: f.posts24h ?? null, postsPrevious24h: f.postsPrevious24h ?? null }
      : null,
    influencerActivity:
      f.influencerPosts === undefined ? null : { posts: f.influencerPosts, influencers: f.influencers ?? [] },
    engagementVolume: {
      posts24h: f.posts24h ?? null,
      likes: f.engagement24h?.likes ?? null,
      reposts: f.engagement24h?.reposts ?? null,
      replies: f.engagement24h?.replies ?? null,
    },
    socialScore: f.socialScore ?? null,
    links: f.links ?? {},
    topPosts: (f.topPosts ?? []).map((p) => ({ text: p.text, author: p.author, followers: p.followers ?? null })),
    summary: summary(f, symbol),
  };
}

function summary(f: SocialFacts, symbol: string): string {
  const parts = [`${symbol} on social media:`];
  parts.push(
    f.sentiment ? `sentiment ${f.sentiment.label} (${f.sentiment.score.toFixed(2)} on −1..1)` : 'sentiment unknown',
  );
  if (f.posts24h !== undefined)
    parts.push(
      `${f.posts24h} post(s) in 24 h${f.postsPrevious24h === undefined ? '' : ` against ${f.postsPrevious24h} the day before`}`,
    );
  if (f.trend) parts.push(`trend ${f.trend}`);
  if (f.influencerPosts !== undefined) parts.push(`${f.influencerPosts} post(s) by influencers`);
  return `${parts[0]} ${parts.slice(1).join('; ')}.`;
}
