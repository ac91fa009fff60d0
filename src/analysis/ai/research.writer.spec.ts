import type { TokenReport } from '../report/token-report';
import cleanFixture from '../report/fixtures/clean.report.json';
import honeypotFixture from '../report/fixtures/honeypot.report.json';
import taxedFixture from '../report/fixtures/taxed.report.json';
import { CHAT_HELP, writeChatAnswer } from './chat.writer';
import { reportFacts } from './report-facts';
import { researchNarrative, writeResearchSections } from './research.writer';
import { NO_SOCIAL_SOURCE_REASON, type SocialFacts } from './social-facts';

const clean = cleanFixture as unknown as TokenReport;
const honeypot = honeypotFixture as unknown as TokenReport;
const taxed = taxedFixture as unknown as TokenReport;
const noSocial: SocialFacts = { available: false, reason: NO_SOCIAL_SOURCE_REASON };

/** The clean fixture with market figures, to check the technical analysis. */
function priced(report: TokenReport): TokenReport {
  const market = report.market!;
  return {
    ...report,
    market: {
      ...market,
      listed: true,
      priceUsd: 1.25,
      priceChange24hPercent: -3.5,
      volume24hUsd: 50_000,
      liquidity: { totalUsd: 200_000, status: 'GOOD' },
    },
  };
}

describe('built-in research writer', () => {
  it('says the honeypot cannot be sold, with the simulated revert as evidence', () => {
    const facts = reportFacts(honeypot);
    const sut = writeResearchSections(facts, noSocial, honeypot.description.text);

    expect(sut.risk_assessment.risks[0]).toEqual({
      id: 'honeypot',
      severity: 'critical',
      finding: 'Honeypot: it cannot be sold',
      evidence: 'it cannot be sold: a simulated sell reverted (TRANSFER_FAILED)',
    });
    expect(sut.risk_assessment.level).toBe('VERY_HIGH');
    expect(sut.risk_assessment.summary).toContain('Honeypot: it cannot be sold');
    expect(researchNarrative(facts, sut)).toContain('it cannot be sold: a simulated sell reverted (TRANSFER_FAILED)');
  });

  it('reports recent activity as the chain shows it', () => {
    const sut = writeResearchSections(reportFacts(honeypot), noSocial, '');
    expect(sut.recent_activity).toMatchObject({ new_holders_24h: 7, large_transactions_24h: 0 });
    expect(sut.recent_activity.summary).toContain('7 new holder(s)');
  });

  it('never invents sentiment: without social data it says so and gives no numbers', () => {
    const sut = writeResearchSections(reportFacts(clean), noSocial, '');
    expect(sut.sentiment).toEqual({
      available: false,
      summary: `No social data: ${NO_SOCIAL_SOURCE_REASON}. No sentiment is given.`,
      label: null,
      score: null,
      posts_24h: null,
      reason: NO_SOCIAL_SOURCE_REASON,
    });
  });

  it('uses social facts when there are some', () => {
    const social: SocialFacts = {
      available: true,
      sentiment: { label: 'POSITIVE', score: 0.41 },
      posts24h: 12,
      trend: 'RISING',
    };
    const sut = writeResearchSections(reportFacts(clean), social, '');
    expect(sut.sentiment).toMatchObject({ available: true, label: 'POSITIVE', score: 0.41, posts_24h: 12 });
    expect(sut.sentiment.summary).toBe(
      'Social sentiment is POSITIVE (score 0.41 on −1..1) across 12 post(s) in the last 24 h; the trend is RISING.',
    );
  });

  it('computes the technical analysis from the market section', () => {
    const sut = writeResearchSections(reportFacts(priced(clean)), noSocial, '');
    expect(sut.technical_analysis).toMatchObject({
      price_usd: 1.25,
      price_change_24h_percent: -3.5,
      liquidity_usd: 200_000,
      volume_to_liquidity: 0.25,
    });
    expect(sut.technical_analysis.summary).toContain('Price $1.25 (-3.50% in 24 h)');
    expect(sut.technical_analysis.summary).toContain('volume/liquidity ratio of 0.25×');
  });

  it('lists measured taxes and the proven confiscatory fee power as risks of the taxed token', () => {
    const risks = reportFacts(taxed).risks;
    expect(risks.find((r) => r.id === 'sell_tax')).toEqual({
      id: 'sell_tax',
      severity: 'medium',
      finding: 'Sell tax 24.96%',
      evidence: 'a simulated sell delivered 24.96% less than quoted',
    });
    expect(risks.find((r) => r.id === 'buy_tax')?.severity).toBe('low');
    expect(risks.find((r) => r.id === 'power_confiscatory_fee')?.evidence).toContain('a holder kept 0% of a transfer');
  });
});

describe('built-in chat writer', () => {
  it('answers "is it safe?" about the honeypot with the evidence', () => {
    const sut = writeChatAnswer('safety', [reportFacts(honeypot)]);
    expect(sut).toContain(
      'No. Honey Pot (HONEY) is a honeypot: it cannot be sold: a simulated sell reverted (TRANSFER_FAILED).',
    );
    expect(sut).toContain('Score 20/100, grade F');
  });

  it('gives the measured taxes', () => {
    expect(writeChatAnswer('taxes', [reportFacts(taxed)])).toContain('buy 5.00%, sell 24.96%, transfer 0.00%');
  });

  it('compares two tokens by score', () => {
    const sut = writeChatAnswer('compare', [reportFacts(honeypot), reportFacts(clean)]);
    expect(sut).toContain('HONEYPOT');
    expect(sut).toContain('CLEAN scores higher (85 against 20)');
  });

  it('lists what it can answer for an unknown question, and asks for a token when none is known', () => {
    expect(writeChatAnswer('unknown', [])).toBe(CHAT_HELP);
    expect(writeChatAnswer('taxes', [])).toContain('Which token do you mean?');
    expect(writeChatAnswer('compare', [reportFacts(clean)])).toContain('I need two tokens');
  });
});
