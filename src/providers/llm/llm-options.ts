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
