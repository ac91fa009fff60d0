import { Injectable } from '@nestjs/common';
import { gradeOf } from '../scoring/grades';
import { AppError } from '../../common/errors/app-error';
import { labelOf, sentimentOf } from './sentiment.model';
import { analyseLinks } from './social-links';
import {
  engagementOf,
  influencerActivity,
  inWindow,
  trendOf,
  weightedSentiment,
  type ScoredPost,
} from './social-metrics';
import { SocialProvider } from '../../providers/social/social-provider';
import { socialScore as scoreOf, socialScoreParts } from './social-score';
import type { SocialData, SocialQuery, SocialSource } from '../../providers/social/social.types';
import type { AvailableSocialSection, LinkAnalysis, SocialSection } from './social.types';

export interface SocialAnalysisInput extends SocialQuery {
  /** Comments of the verified source (NatSpec), where projects often write their site and accounts. */
  sourceComments?: string;
}

const WEEK_HOURS = 7 * 24;

/**
 * The social section: links, sentiment (VADER per post, engagement-weighted overall), engagement
 * volume, influencer activity, 24 h trend and a social score. Without posts there is no score:
 * the section says why instead (never a made-up number).
 */
@Injectable()
export class SocialAnalyzer {
  constructor(private readonly provider: SocialProvider) {}

  async analyze(input: SocialAnalysisInput): Promise<SocialSection> {
    const fetched = await this.fetch(input);
    const data = fetched.data;
    const links = analyseLinks({
      sourceComments: input.sourceComments,
      profile: data?.links ?? {},
      posts: data?.posts ?? [],
      token: { symbol: input.symbol, name: input.name },
    });
    const source = data?.source ?? null;
    if (fetched.failure) return { available: false, reason: fetched.failure, source, links };
    if (!data) return { available: false, reason: 'no social data is known for this token', source, links };
    const asOfMs = Date.parse(data.asOf);
    const scored = inWindow(score(data), { asOfMs, fromHours: WEEK_HOURS });
    if (scored.length === 0)
      return { available: false, reason: 'nobody posted about this token in the last 7 days', source, links };
    return this.section({ data, scored, links, source: data.source });
  }

  private section(params: {
    data: SocialData;
    scored: ScoredPost[];
    links: LinkAnalysis;
    source: SocialSource;
  }): AvailableSocialSection {
    const { data, scored, links } = params;
    const asOfMs = Date.parse(data.asOf);
    const overall = weightedSentiment(scored, asOfMs)!;
    const last7d = engagementOf(scored);
    const influencers = influencerActivity(scored);
    const trend = trendOf(scored, asOfMs);
    const parts = socialScoreParts({
      overallCompound: overall,
      last7d,
      links,
      influencers,
      sentimentTrend: trend.sentiment,
    });
    const overallLabel = labelOf(overall);
    const socialScore = scoreOf(parts, overallLabel === 'NEGATIVE');
    const count = (label: string) => scored.filter((p) => p.sentiment.label === label).length;
    return {
      available: true,
      source: params.source,
      asOf: data.asOf,
      links,
      sentiment: {
        overall: { compound: overall, label: overallLabel },
        positive: count('POSITIVE'),
        neutral: count('NEUTRAL'),
        negative: count('NEGATIVE'),
        posts: scored.map((p) => p.sentiment),
      },
      engagement: { last24h: engagementOf(inWindow(scored, { asOfMs, fromHours: 24 })), last7d },
      influencers,
      trend,
      socialScore,
      scoreParts: parts,
      grade: gradeOf(socialScore),
    };
  }

  /** Provider failures become a reason (their messages carry no key); anything else is a bug and propagates. */
  private async fetch(input: SocialAnalysisInput): Promise<{ data: SocialData | null; failure?: string }> {
    const { sourceComments: _comments, ...query } = input;
    try {
      return { data: await this.provider.posts(query) };
    } catch (err) {
      if (err instanceof AppError && (err.kind === 'unavailable' || err.kind === 'rate_limited'))
        return { data: null, failure: err.message };
      throw err;
    }
  }
}

function score(data: SocialData): ScoredPost[] {
  return [...data.posts]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .map((post) => ({
      post,
      sentiment: {
        id: post.id,
        author: post.author,
        followers: post.followers,
        createdAt: post.createdAt,
        text: post.text,
        ...sentimentOf(post.text),
      },
    }));
}
