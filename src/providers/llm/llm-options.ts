/** Settings of the LLM endpoint; every field optional (no base URL = the built-in analyst). */
export interface LlmOptions {
  /** OpenAI-compatible API root, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl?: string;
  /** Bearer key; local servers (vLLM, Ollama, llama.cpp) usually need none. */
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
}

export const LLM_OPTIONS = Symbol('LLM_OPTIONS');

export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';
export const DEFAULT_LLM_TIMEOUT_MS = 20_000;

/**
 * LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS. Kept apart so that src/config can take it
 * over; until then LlmModule calls it with process.env when no LLM_OPTIONS are bound.
 */
export function llmOptionsFromEnv(env: Record<string, string | undefined>): LlmOptions {
  const text = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  const timeout = Number(text('LLM_TIMEOUT_MS'));
  return {
    baseUrl: text('LLM_BASE_URL'),
    apiKey: text('LLM_API_KEY'),
    model: text('LLM_MODEL'),
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : undefined,
  };
}
