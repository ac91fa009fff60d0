import { Injectable } from '@nestjs/common';
import { LlmProvider } from '../providers/llm/llm-provider';
import { SocialProvider } from '../providers/social/social-provider';
import { SourceProvider } from '../providers/source/source-provider';

export type ProviderHealthSummary = Record<'source_verification' | 'social_data' | 'llm', string>;

const PROBE_TIMEOUT_MS = 2_000;

/** The external-data ports' own health checks (informational: the scan works without them). */
@Injectable()
export class ProviderHealthIndicator {
  constructor(
    private readonly sources: SourceProvider,
    private readonly social: SocialProvider,
    private readonly llm: LlmProvider,
  ) {}

  async check(): Promise<ProviderHealthSummary> {
    const [source, social, llm] = await Promise.all([
      bounded(this.sources.healthCheck().then((h) => `${h.status} (${h.provider})`)),
      bounded(this.social.healthCheck().then((h) => `${h.status} (${h.provider})`)),
      bounded(
        this.llm.healthCheck().then((h) => `${h.status} (${this.llm.engine === 'llm' ? h.model : 'built-in analyst'})`),
      ),
    ]);
    return { source_verification: source, social_data: social, llm };
  }
}

async function bounded(probe: Promise<string>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('unavailable (no answer in time)'), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe.catch(() => 'unavailable'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
