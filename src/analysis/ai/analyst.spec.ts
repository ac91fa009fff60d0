import { ProviderUnavailableError } from '../../providers/source/source.errors';
import { LlmProvider, type LlmCompletion, type LlmHealth, type LlmRequest } from '../../providers/llm/llm-provider';
import type { UpstreamLimiter } from '../../metering/upstream-limiter';
import { Analyst } from './analyst';

class FakeLlm extends LlmProvider {
  readonly engine = 'llm' as const;
  readonly model = 'fake-model';
  readonly requests: LlmRequest[] = [];
  constructor(private readonly answer: () => Promise<LlmCompletion>) {
    super();
  }
  complete(request: LlmRequest): Promise<LlmCompletion> {
    this.requests.push(request);
    return this.answer();
  }
  async healthCheck(): Promise<LlmHealth> {
    return { status: 'operational', provider: 'fake', model: this.model };
  }
}

/** A bucket that always has room (the real one is tested in upstream-limits.e2e-spec.ts). */
const upstreams = { take: async () => undefined } as unknown as UpstreamLimiter;

const REQUEST: LlmRequest = {
  system: 'facts',
  messages: [{ role: 'user', content: 'q' }],
  maxTokens: 10,
  draft: 'the draft',
};

describe('Analyst', () => {
  it("serves the model's answer when it works", async () => {
    const sut = new Analyst(
      new FakeLlm(async () => ({ text: 'model text', model: 'fake-model', engine: 'llm' })),
      upstreams,
    );
    await expect(sut.write(REQUEST)).resolves.toEqual({ text: 'model text', engine: 'llm', model: 'fake-model' });
  });

  it('falls back to the built-in draft and says why when the model fails', async () => {
    const sut = new Analyst(
      new FakeLlm(async () => Promise.reject(new ProviderUnavailableError('llm', 'it answered HTTP 500'))),
      upstreams,
    );
    await expect(sut.write(REQUEST)).resolves.toEqual({
      text: 'the draft',
      engine: 'built-in',
      model: 'built-in-analyst',
      fallbackReason: 'llm is unavailable: it answered HTTP 500',
    });
  });
});
