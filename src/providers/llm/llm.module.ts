import { DynamicModule, Module } from '@nestjs/common';
import { BuiltInLlmProvider } from './built-in-llm.provider';
import { LlmProvider } from './llm-provider';
import { AppConfig } from '../../config/app-config';
import { LLM_OPTIONS, type LlmOptions } from './llm-options';
import { OpenAiCompatibleLlmProvider } from './openai-compatible-llm.provider';

/** The adapter for a set of options: an endpoint when a base URL is given, else the built-in analyst. */
export function createLlmProvider(options: LlmOptions): LlmProvider {
  if (!options.baseUrl) return new BuiltInLlmProvider();
  return new OpenAiCompatibleLlmProvider({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    model: options.model,
    timeoutMs: options.timeoutMs,
  });
}

const llmProvider = {
  provide: LlmProvider,
  inject: [AppConfig, { token: LLM_OPTIONS, optional: true }],
  // Options bound explicitly (LlmModule.register) win; else the validated configuration.
  useFactory: (config: AppConfig, options?: LlmOptions) => createLlmProvider(options ?? config.llm),
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
