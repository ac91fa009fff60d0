import { Injectable } from '@nestjs/common';
import type { ChainKey } from '../../config/app-config';
import type { LlmEngine } from '../../providers/llm/llm-provider';
import { Clock } from '../../common/clock';
import type { TokenReport } from '../report/token-report';
import { TokenAnalysisService } from '../token-analysis.service';
import { Analyst, GROUNDING_RULES } from './analyst';
import { reportFacts, type ReportFacts } from './report-facts';
import { researchNarrative, writeResearchSections, type ResearchSections } from './research.writer';
import { SocialFactsSource, type SocialFacts } from './social-facts';

/** How old a report research may rest on (seconds): research is read, not traded on. */
export const AI_CACHE_TTL = 300;

export interface ResearchRequest {
  chain: ChainKey;
  address: string;
}

export interface ResearchReport {
  facts: ReportFacts;
  sections: ResearchSections;
  /** The written report: the model's, or the built-in analyst's. */
  narrative: string;
  engine: LlmEngine;
  model: string;
  fallbackReason?: string;
  description: TokenReport['description'];
  cacheStatus: 'FRESH' | 'CACHED';
  generatedAt: string;
}

/** Research report on a token: the live analysis, social facts, and a written report over both. */
@Injectable()
export class ResearchService {
  constructor(
    private readonly analysis: TokenAnalysisService,
    private readonly social: SocialFactsSource,
    private readonly analyst: Analyst,
    private readonly clock: Clock,
  ) {}

  async research(request: ResearchRequest): Promise<ResearchReport> {
    const served = await this.analysis.scan({ chain: request.chain, address: request.address, cacheTtl: AI_CACHE_TTL });
    const { report } = served;
    const social = await this.socialFacts(report);
    const facts = reportFacts(report);
    const sections = writeResearchSections(facts, social, report.description.text);
    const draft = researchNarrative(facts, sections);
    const written = await this.analyst.write({
      system: `${GROUNDING_RULES}\n\nFACTS:\n${JSON.stringify({ ...facts, social })}`,
      messages: [
        {
          role: 'user',
          content: `Write a research report on ${facts.token.symbol} with the sections Overview, Recent activity, Sentiment, Technical analysis and Risk assessment. Cite the facts and the evidence of each risk.`,
        },
      ],
      maxTokens: 900,
      draft,
    });
    return {
      facts,
      sections,
      narrative: written.text,
      engine: written.engine,
      model: written.model,
      fallbackReason: written.fallbackReason,
      description: report.description,
      cacheStatus: served.cacheStatus,
      generatedAt: this.clock.now().toISOString(),
    };
  }

  /** A failing social source means "no social data", never a failed research report. */
  private async socialFacts(report: TokenReport): Promise<SocialFacts> {
    try {
      return await this.social.facts({
        chain: report.chain,
        address: report.address,
        symbol: report.token.symbol,
        name: report.token.name,
      });
    } catch (err) {
      return { available: false, reason: err instanceof Error ? err.message : 'the social source failed' };
    }
  }
}
