import { LlmProvider, type LlmCompletion, type LlmHealth, type LlmRequest } from './llm-provider';

export const BUILT_IN_MODEL = 'built-in-analyst';

/**
 * The default when no LLM endpoint is configured: no network, no model. The deterministic writers
 * (src/analysis/ai) have already turned the facts into the draft; this adapter serves it as is.
 */
export class BuiltInLlmProvider extends LlmProvider {
  readonly engine = 'built-in' as const;
  readonly model = BUILT_IN_MODEL;

  async complete(request: LlmRequest): Promise<LlmCompletion> {
    return { text: request.draft, model: BUILT_IN_MODEL, engine: 'built-in' };
  }

  async healthCheck(): Promise<LlmHealth> {
    return { status: 'operational', provider: 'built-in', model: BUILT_IN_MODEL };
  }
}
