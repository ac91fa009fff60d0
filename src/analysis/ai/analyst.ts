import { Injectable, Logger } from '@nestjs/common';
import { BUILT_IN_MODEL } from '../../providers/llm/built-in-llm.provider';
import { LlmProvider, type LlmEngine, type LlmRequest } from '../../providers/llm/llm-provider';
import { UpstreamLimiter } from '../../metering/upstream-limiter';

export interface WrittenText {
  text: string;
  engine: LlmEngine;
  model: string;
  /** Set when a model was configured but failed, and the built-in analyst answered instead. */
  fallbackReason?: string;
}

/**
 * Who writes: the configured model, or the built-in analyst. A failing model never fails the
 * request: the built-in analyst's draft (written from the same facts) is served and the reason said.
 */
@Injectable()
export class Analyst {
  private readonly logger = new Logger(Analyst.name);

  constructor(
    private readonly llm: LlmProvider,
    private readonly upstreams: UpstreamLimiter,
  ) {}

  async write(request: LlmRequest): Promise<WrittenText> {
    // A saturated model answers 429 naming it, like every upstream; a failing one falls back below.
    if (this.llm.engine === 'llm') await this.upstreams.take('llm');
    try {
      const done = await this.llm.complete(request);
      return { text: done.text, engine: done.engine, model: done.model };
    } catch (err) {
      const reason = err instanceof Error ? err.message : 'the model failed';
      this.logger.warn(`LLM failed, built-in analyst answers: ${reason}`);
      return { text: request.draft, engine: 'built-in', model: BUILT_IN_MODEL, fallbackReason: reason };
    }
  }
}

/** Instructions shared by every prompt: the facts are the only source. */
export const GROUNDING_RULES = [
  'You are a careful token-risk analyst. Answer only from the FACTS JSON below: it is a live on-chain analysis.',
  'Cite the facts you rely on (numbers, findings and their evidence). Never invent prices, news, posts or numbers;',
  'when a fact is null or missing, say it is unknown. If the facts show a honeypot, say plainly that it cannot be sold.',
  'This is not financial advice; say so briefly when asked whether to buy.',
].join(' ');
