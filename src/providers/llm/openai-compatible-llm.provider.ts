import { ProviderUnavailableError } from '../source/source.errors';
import { LlmProvider, type LlmCompletion, type LlmHealth, type LlmRequest } from './llm-provider';
import { DEFAULT_LLM_MODEL, DEFAULT_LLM_TIMEOUT_MS } from './llm-options';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface OpenAiCompatibleLlmProviderOptions {
  /** API root without `/chat/completions` (https://api.openai.com/v1, http://127.0.0.1:8000/v1, ...). */
  baseUrl: string;
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
  fetchFn?: FetchFn;
}

interface ChatCompletionAnswer {
  model?: string;
  choices?: Array<{ message?: { content?: string | null } }>;
}

const PROVIDER = 'llm';

/**
 * `POST {baseUrl}/chat/completions` in the OpenAI wire format, which OpenAI, vLLM, Ollama and the
 * llama.cpp server all speak. Vendor shapes never leave this file.
 */
export class OpenAiCompatibleLlmProvider extends LlmProvider {
  readonly engine = 'llm' as const;
  readonly model: string;
  private readonly fetchFn: FetchFn;
  private readonly root: string;

  constructor(private readonly options: OpenAiCompatibleLlmProviderOptions) {
    super();
    this.model = options.model ?? DEFAULT_LLM_MODEL;
    this.root = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  }

  async complete(request: LlmRequest): Promise<LlmCompletion> {
    const body = {
      model: this.model,
      messages: [{ role: 'system', content: request.system }, ...request.messages],
      max_tokens: request.maxTokens,
      // Low temperature: the answer restates facts, it should not wander.
      temperature: 0.2,
    };
    const response = await this.send('/chat/completions', { method: 'POST', body: JSON.stringify(body) });
    const answer = await this.json<ChatCompletionAnswer>(response);
    const text = answer.choices?.[0]?.message?.content?.trim();
    if (!text) throw new ProviderUnavailableError(PROVIDER, 'it answered without any text');
    return { text, model: typeof answer.model === 'string' && answer.model ? answer.model : this.model, engine: 'llm' };
  }

  async healthCheck(): Promise<LlmHealth> {
    try {
      await this.send('/models', { method: 'GET' });
      return { status: 'operational', provider: PROVIDER, model: this.model };
    } catch {
      return { status: 'unavailable', provider: PROVIDER, model: this.model };
    }
  }

  private async send(path: string, init: { method: string; body?: string }): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body) headers['content-type'] = 'application/json';
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    let response: Response;
    try {
      response = await this.fetchFn(`${this.root}${path}`, {
        ...init,
        headers,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS),
      });
    } catch (err) {
      // The cause is dropped on purpose: fetch errors can carry the URL, which may carry credentials.
      const name = (err as Error)?.name;
      throw new ProviderUnavailableError(
        PROVIDER,
        name === 'TimeoutError' || name === 'AbortError' ? 'it did not answer in time' : 'it could not be reached',
      );
    }
    if (response.status === 429)
      throw new ProviderUnavailableError(PROVIDER, 'it is rate-limiting us', { retryAfter: 1 });
    if (response.status === 401 || response.status === 403)
      throw new ProviderUnavailableError(PROVIDER, 'it rejected the API key');
    // Vendor error bodies are not echoed: some repeat the key or the prompt.
    if (!response.ok) throw new ProviderUnavailableError(PROVIDER, `it answered HTTP ${response.status}`);
    return response;
  }

  private async json<T>(response: Response): Promise<T> {
    try {
      return (await response.json()) as T;
    } catch {
      throw new ProviderUnavailableError(PROVIDER, 'it answered with malformed JSON');
    }
  }
}
