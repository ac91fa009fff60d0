/** One turn of a conversation sent to a model. */
export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  /** Instructions and the facts the answer must rest on. */
  system: string;
  messages: LlmMessage[];
  maxTokens: number;
  /**
   * The answer the built-in analyst wrote from the same facts. The built-in adapter returns it; remote
   * models never see it (their answer must come from the facts, not from our wording).
   */
  draft: string;
}

export type LlmEngine = 'llm' | 'built-in';

export interface LlmCompletion {
  text: string;
  /** The model that wrote `text` (as the endpoint names it), or `built-in-analyst`. */
  model: string;
  engine: LlmEngine;
}

export interface LlmHealth {
  status: 'operational' | 'unavailable' | 'not_configured';
  provider: string;
  model: string;
}

/**
 * Port: writes prose from facts. The abstract class is the DI token; LlmModule binds the
 * OpenAI-compatible adapter when an endpoint is configured, else the built-in analyst. Vendor
 * failures surface as ProviderUnavailableError (kind `unavailable`), never with a URL or key.
 */
export abstract class LlmProvider {
  /** What answers: a remote model (`llm`) or the deterministic writer (`built-in`). */
  abstract readonly engine: LlmEngine;
  abstract readonly model: string;
  abstract complete(request: LlmRequest): Promise<LlmCompletion>;
  abstract healthCheck(): Promise<LlmHealth>;
}
