import type { ChatAnswer } from '../../../analysis/ai/chat.service';
import type { ResearchReport } from '../../../analysis/ai/research.service';
import type { XAnalysis } from '../../../analysis/ai/x-analysis.service';
import { recommendationOf } from '../../../analysis/scoring/grades';
import type { ChatResponseA, ResearchResponseA, XAnalysisResponseA } from './ai.schemas';
import { upper } from './schema-fields';

/** Surface A's research report. */
export function presentResearchA(r: ResearchReport): ResearchResponseA {
  const { facts, sections } = r;
  return {
    success: true,
    data: {
      token_info: {
        name: facts.token.name,
        symbol: facts.token.symbol,
        contract_address: facts.token.address,
        chain: facts.token.chain_name,
        chain_id: facts.token.chain_id,
      },
      service_score: facts.score.service_score,
      grade: facts.score.grade,
      recommendation: `${recommendationOf(facts.score.service_score).symbol} ${facts.score.recommendation}`,
      research: {
        ...sections,
        risk_assessment: {
          ...sections.risk_assessment,
          risks: sections.risk_assessment.risks.map((x) => ({ ...x, severity: upper(x.severity) })),
        },
      },
      report: r.narrative,
      engine: r.engine,
      model: r.model,
      ...(r.fallbackReason ? { fallback_reason: r.fallbackReason } : {}),
      analyzed_at: facts.analyzed_at,
      generated_at: r.generatedAt,
      cache_status: r.cacheStatus,
    },
  };
}

/** Surface A's social-media analysis. */
export function presentXAnalysisA(x: XAnalysis): XAnalysisResponseA {
  return {
    success: true,
    data: {
      token_info: {
        name: x.token.name,
        symbol: x.token.symbol,
        contract_address: x.token.address,
        chain: x.token.chainName,
        chain_id: x.token.chainId,
      },
      available: x.available,
      reason: x.reason,
      source: x.source,
      as_of: x.asOf,
      sentiment: x.sentiment,
      trends: x.trends && {
        direction: x.trends.direction,
        posts_24h: x.trends.posts24h,
        posts_previous_24h: x.trends.postsPrevious24h,
      },
      influencer_activity: x.influencerActivity,
      engagement_volume: x.engagementVolume && {
        posts_24h: x.engagementVolume.posts24h,
        likes: x.engagementVolume.likes,
        reposts: x.engagementVolume.reposts,
        replies: x.engagementVolume.replies,
      },
      social_score: x.socialScore,
      links: x.links,
      top_posts: x.topPosts,
      summary: x.summary,
    },
  };
}

/** Surface A's chat answer. */
export function presentChatA(a: ChatAnswer): ChatResponseA {
  return {
    success: true,
    data: {
      conversation_id: a.conversationId,
      answer: a.answer,
      intent: a.intent,
      tokens: a.tokens.map((t) => ({
        contract_address: t.address,
        chain: t.chain,
        chain_id: t.chainId,
        name: t.name,
        symbol: t.symbol,
        service_score: t.serviceScore,
        grade: t.grade,
        honeypot: t.honeypot,
      })),
      engine: a.engine,
      model: a.model,
      ...(a.fallbackReason ? { fallback_reason: a.fallbackReason } : {}),
      message_count: a.messageCount,
      timestamp: a.answeredAt,
    },
  };
}
