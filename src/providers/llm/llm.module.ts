import { DynamicModule, Module } from '@nestjs/common';
import { BuiltInLlmProvider } from './built-in-llm.provider';
import { LlmProvider } from './llm-provider';
import { LLM_OPTIONS, llmOptionsFromEnv, type LlmOptions } from './llm-options';
import { OpenAiCompatibleLlmProvider } from './openai-compatible-llm.provider';

/** The adapter for a set of options: an endpoint when a base URL is given, else the built-in analyst. */
export function createLlmProvider(options: LlmOptions): LlmProvider {
  if (!options.baseUrl) return new BuiltInLlmProvider();
  return new OpenAiCompatibleLlmProvider({ baseUrl: options.baseUrl, apiKey: options.apiKey, model: options.model, timeoutMs: options.timeoutMs });
}

const llmProvider = {
  provide: LlmProvider,
  inject: [{ token: LLM_OPTIONS, optional: true }],
  // Options bound anywhere (LlmModule.register, a global module) win; else the environment.
  useFactory: (options?: LlmOptions) => createLlmProvider(options ?? llmOptionsFromEnv(process.env)),
};

/** Binds the LlmProvider port. */
@Module({ providers: [llmProvider], exports: [LlmProvider] })
export class LlmModule {
  /** With explicit options (the lead's config, tests). */
  static register(options: LlmOptions): DynamicModule {
    return {
      module: LlmModule,
      providers: [{ provide: LLM_OPTIONS, useValue: options }, llmProvider],
      exports: [LlmProvider],
    };
  }
}
