import { price, signedPercent, usd } from '../../common/format';
import type { ReportFacts } from './report-facts';
import type { RiskItem } from './risk-assessment';
import type { SocialFacts } from './social-facts';

/** The research report's sections: numbers from the facts, each with a sentence the built-in analyst wrote. */
export interface ResearchSections {
  overview: { summary: string; description: string };
  recent_activity: {
    summary: string;
    new_holders_24h: number | null;
    large_transactions_24h: number | null;
    volume_24h_usd: number | null;
    price_change_24h_percent: number | null;
    swaps_24h: number | null;
  };
  sentiment: {
    available: boolean;
    summary: string;
    label: string | null;
    score: number | null;
    posts_24h: number | null;
    reason: string | null;
  };
  technical_analysis: {
    summary: string;
    price_usd: number | null;
    price_change_24h_percent: number | null;
    liquidity_usd: number | null;
    liquidity_status: string | null;
    volume_24h_usd: number | null;
    volume_to_liquidity: number | null;
  };
  risk_assessment: { level: string; summary: string; risks: RiskItem[] };
}

export function writeResearchSections(facts: ReportFacts, social: SocialFacts, description: string): ResearchSections {
  return {
    overview: { summary: overview(facts), description },
    recent_activity: recentActivity(facts),
    sentiment: sentiment(social),
    technical_analysis: technical(facts),
    risk_assessment: { level: facts.score.risk_level, summary: riskSummary(facts), risks: facts.risks },
  };
}

/** The whole report as one text: the built-in analyst's answer, and the draft served when no model is used. */
export function researchNarrative(facts: ReportFacts, sections: ResearchSections): string {
  return [
    `# ${facts.token.name} (${facts.token.symbol}) on ${facts.token.chain_name}`,
    `## Overview\n${sections.overview.summary} ${sections.overview.description}`,
    `## Recent activity\n${sections.recent_activity.summary}`,
    `## Sentiment\n${sections.sentiment.summary}`,
    `## Technical analysis\n${sections.technical_analysis.summary}`,
    `## Risk assessment\n${sections.risk_assessment.summary}${riskLines(sections.risk_assessment.risks)}`,
  ].join('\n\n');
}

function overview(f: ReportFacts): string {
  const s = f.score;
  return `${f.token.name} (${f.token.symbol}) scores ${s.service_score}/100 (grade ${s.grade}, ${s.recommendation}); overall risk ${s.risk_level.replace('_', ' ')}.`;
}

function recentActivity(f: ReportFacts): ResearchSections['recent_activity'] {
  const parts: string[] = [];
  if (f.holders) {
    parts.push(
      `In the last 24 hours of chain time ${f.holders.new_holders_24h} new holder(s) appeared and ${f.holders.large_transactions_24h} large transfer(s) (at least 1% of supply) were made; whale activity is ${f.holders.whale_activity}.`,
    );
  }
  if (f.market?.listed) {
    const swaps = f.market.swaps_24h === null ? '' : ` over ${f.market.swaps_24h} swap(s)`;
    parts.push(
      `24 h trading volume: ${usd(f.market.volume_24h_usd)}${swaps}; price change: ${signedPercent(f.market.price_change_24h_percent)}.`,
    );
  } else if (f.market) parts.push('It has no DEX liquidity, so there is no trading to report.');
  if (!parts.length) parts.push('This report holds no holder or market data.');
  return {
    summary: parts.join(' '),
    new_holders_24h: f.holders?.new_holders_24h ?? null,
    large_transactions_24h: f.holders?.large_transactions_24h ?? null,
    volume_24h_usd: f.market?.volume_24h_usd ?? null,
    price_change_24h_percent: f.market?.price_change_24h_percent ?? null,
    swaps_24h: f.market?.swaps_24h ?? null,
  };
}

function sentiment(social: SocialFacts): ResearchSections['sentiment'] {
  if (!social.available || !social.sentiment) {
    const reason = social.reason ?? 'no sentiment was measured';
    return {
      available: false,
      summary: `No social data: ${reason}. No sentiment is given.`,
      label: null,
      score: null,
      posts_24h: social.posts24h ?? null,
      reason,
    };
  }
  const posts = social.posts24h === undefined ? '' : ` across ${social.posts24h} post(s) in the last 24 h`;
  const trend = social.trend ? `; the trend is ${social.trend}` : '';
  return {
    available: true,
    summary: `Social sentiment is ${social.sentiment.label} (score ${social.sentiment.score.toFixed(2)} on −1..1)${posts}${trend}.`,
    label: social.sentiment.label,
    score: social.sentiment.score,
    posts_24h: social.posts24h ?? null,
    reason: null,
  };
}

function technical(f: ReportFacts): ResearchSections['technical_analysis'] {
  const m = f.market;
  if (!m) {
    return {
      summary: 'No market data in this report.',
      price_usd: null,
      price_change_24h_percent: null,
      liquidity_usd: null,
      liquidity_status: null,
      volume_24h_usd: null,
      volume_to_liquidity: null,
    };
  }
  const ratio = m.volume_to_liquidity === null ? 'unknown' : `${m.volume_to_liquidity.toFixed(2)}×`;
  const summary = m.listed
    ? `Price ${price(m.price_usd)} (${signedPercent(m.price_change_24h_percent)} in 24 h) across ${m.pairs.length} pair(s); liquidity ${usd(m.liquidity_usd)} (${m.liquidity_status}); 24 h volume ${usd(m.volume_24h_usd)}, a volume/liquidity ratio of ${ratio}.`
    : 'No DEX pair with liquidity: no price, and it cannot be traded on the configured DEXes.';
  return {
    summary,
    price_usd: m.price_usd,
    price_change_24h_percent: m.price_change_24h_percent,
    liquidity_usd: m.liquidity_usd,
    liquidity_status: m.liquidity_status,
    volume_24h_usd: m.volume_24h_usd,
    volume_to_liquidity: m.volume_to_liquidity,
  };
}

function riskSummary(f: ReportFacts): string {
  const serious = f.risks.filter((r) => r.severity === 'critical' || r.severity === 'high');
  if (!f.risks.length) return 'No risk was found in the sections analysed.';
  const head = serious.length
    ? `${serious.length} serious risk(s): ${serious.map((r) => r.finding).join('; ')}.`
    : 'No critical or high risk found.';
  return `${head} ${f.risks.length} finding(s) in total.`;
}

function riskLines(risks: RiskItem[]): string {
  return risks.length
    ? `\n${risks.map((r) => `- [${r.severity.toUpperCase()}] ${r.finding} — ${r.evidence}`).join('\n')}`
    : '';
}
