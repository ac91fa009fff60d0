import { expectUnavailable, FakeFetch, jsonAnswer as json } from '../../../test/fakes';
import { BuiltInLlmProvider } from './built-in-llm.provider';
import { createLlmProvider } from './llm.module';
import { loadConfig } from '../../config/app-config';
import type { LlmRequest } from './llm-provider';
import { OpenAiCompatibleLlmProvider, type FetchFn } from './openai-compatible-llm.provider';

const KEY = 'sk-SECRET-KEY-123';
const REQUEST: LlmRequest = {
  system: 'FACTS: {"honeypot":true}',
  messages: [{ role: 'user', content: 'is it safe?' }],
  maxTokens: 300,
  draft: 'built-in text',
};

function build(answer: () => Promise<Response>, options: { apiKey?: string; timeoutMs?: number } = { apiKey: KEY }) {
  const fake = new FakeFetch(answer);
  const sut = new OpenAiCompatibleLlmProvider({
    baseUrl: 'http://llm.test/v1/',
    apiKey: options.apiKey,
    model: 'test-model',
    timeoutMs: options.timeoutMs,
    fetchFn: fake.fn,
  });
  return { sut, fake };
}

const failure = (promise: Promise<unknown>) => expectUnavailable(promise, KEY);

describe('OpenAiCompatibleLlmProvider', () => {
  it('posts the OpenAI chat-completions request and returns the text and the model that wrote it', async () => {
    const { sut, fake } = build(
      json({
        model: 'test-model-0125',
        choices: [{ message: { role: 'assistant', content: '  It is a honeypot.  ' } }],
      }),
    );

    await expect(sut.complete(REQUEST)).resolves.toEqual({
      text: 'It is a honeypot.',
      model: 'test-model-0125',
      engine: 'llm',
    });

    const [call] = fake.calls;
    expect(call.url).toBe('http://llm.test/v1/chat/completions');
    expect(call.init?.method).toBe('POST');
    expect(call.init?.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'content-type': 'application/json' });
    expect(call.init?.signal).toBeInstanceOf(AbortSignal);
    expect(JSON.parse(String(call.init?.body))).toEqual({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'FACTS: {"honeypot":true}' },
        { role: 'user', content: 'is it safe?' },
      ],
      max_tokens: 300,
      temperature: 0.2,
    });
    // The built-in draft is ours, not the model's input.
    expect(String(call.init?.body)).not.toContain('built-in text');
  });

  it('sends no authorization header to a local server without a key', async () => {
    const { sut, fake } = build(json({ choices: [{ message: { content: 'ok' } }] }), {});
    await expect(sut.complete(REQUEST)).resolves.toEqual({ text: 'ok', model: 'test-model', engine: 'llm' });
    expect(fake.calls[0].init?.headers).not.toHaveProperty('authorization');
  });

  it('turns HTTP errors, rate limits, key rejections, bad bodies and network errors into ProviderUnavailableError', async () => {
    expect(
      (await failure(build(json({ error: { message: `bad key ${KEY}` } }, 500)).sut.complete(REQUEST))).message,
    ).toBe('llm is unavailable: it answered HTTP 500');
    expect((await failure(build(json({}, 429)).sut.complete(REQUEST))).retryAfter).toBe(1);
    expect((await failure(build(json({ error: KEY }, 401)).sut.complete(REQUEST))).message).toBe(
      'llm is unavailable: it rejected the API key',
    );
    expect(
      (await failure(build(async () => new Response('<html>', { status: 200 })).sut.complete(REQUEST))).message,
    ).toContain('malformed JSON');
    expect((await failure(build(json({ choices: [] })).sut.complete(REQUEST))).message).toContain('without any text');
    const refused = build(async () => {
      throw new TypeError(`fetch failed http://user:${KEY}@llm.test`);
    });
    expect((await failure(refused.sut.complete(REQUEST))).message).toBe('llm is unavailable: it could not be reached');
  });

  it('gives up after the timeout', async () => {
    const slow: FetchFn = (url, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    const sut = new OpenAiCompatibleLlmProvider({ baseUrl: 'http://llm.test/v1', timeoutMs: 20, fetchFn: slow });
    expect((await failure(sut.complete(REQUEST))).message).toBe('llm is unavailable: it did not answer in time');
  });

  it('health: operational when /models answers, unavailable otherwise', async () => {
    const up = build(json({ data: [] }));
    await expect(up.sut.healthCheck()).resolves.toEqual({
      status: 'operational',
      provider: 'llm',
      model: 'test-model',
    });
    expect(up.fake.calls[0].url).toBe('http://llm.test/v1/models');
    await expect(build(json({}, 503)).sut.healthCheck()).resolves.toEqual({
      status: 'unavailable',
      provider: 'llm',
      model: 'test-model',
    });
  });
});

describe('LLM options and adapter choice', () => {
  it('reads LLM_BASE_URL, LLM_API_KEY, LLM_MODEL and LLM_TIMEOUT_MS from the configuration; blanks count as unset', () => {
    expect(
      loadConfig({
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
        LLM_API_KEY: '',
        LLM_MODEL: 'llama3.1',
        LLM_TIMEOUT_MS: '5000',
      }).llm,
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      timeoutMs: 5000,
    });
    expect(() => loadConfig({ LLM_TIMEOUT_MS: 'soon' })).toThrow(/LLM_TIMEOUT_MS/);
  });

  it('binds the built-in analyst without a base URL, and it serves the draft without any network', async () => {
    const sut = createLlmProvider({});
    expect(sut).toBeInstanceOf(BuiltInLlmProvider);
    await expect(sut.complete(REQUEST)).resolves.toEqual({
      text: 'built-in text',
      model: 'built-in-analyst',
      engine: 'built-in',
    });
    expect(createLlmProvider({ baseUrl: 'http://llm.test/v1' })).toBeInstanceOf(OpenAiCompatibleLlmProvider);
  });
});
