import { Injectable } from '@nestjs/common';
import { SocialAnalyzer } from '../social/social.analyzer';
import { UpstreamLimiter } from '../../metering/upstream-limiter';
import type { SocialSection } from '../social/social.types';
import { SocialFacts, SocialFactsQuery, SocialFactsSource } from './social-facts';

/** The social facts the AI endpoints use, from the social section. */
export function socialFactsOf(section: SocialSection): SocialFacts {
  const links = Object.fromEntries(
    (['website', 'x', 'telegram', 'github'] as const)
      .filter((k) => section.links[k])
      .map((k) => [k, section.links[k]!]),
  );
  if (!section.available)
    return { available: false, reason: section.reason, source: section.source ?? undefined, links };
  return {
    available: true,
    source: section.source,
    asOf: section.asOf,
    sentiment: { label: section.sentiment.overall.label, score: section.sentiment.overall.compound },
    posts24h: section.trend.posts24h,
    postsPrevious24h: section.trend.postsPrevious24h,
    trend: section.trend.direction,
    engagement24h: {
      likes: section.engagement.last24h.likes,
      reposts: section.engagement.last24h.reposts,
      replies: section.engagement.last24h.replies,
    },
    influencerPosts: section.influencers.posts,
    influencers: section.influencers.authors,
    links,
    topPosts: section.sentiment.posts
      .slice(0, 5)
      .map((p) => ({ text: p.text, author: p.author, followers: p.followers })),
    socialScore: section.socialScore,
  };
}

/** SocialFactsSource over the social analyzer (devnet post set, or X). */
@Injectable()
export class AnalyzerSocialFacts extends SocialFactsSource {
  constructor(
    private readonly analyzer: SocialAnalyzer,
    private readonly upstreams: UpstreamLimiter,
  ) {
    super();
  }

  async facts(query: SocialFactsQuery): Promise<SocialFacts> {
    await this.upstreams.take('social_data');
    return socialFactsOf(await this.analyzer.analyze(query));
  }
}
