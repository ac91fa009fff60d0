/**
 * Social analysis of the devnet world's tokens through the real module wiring (ChainModule routing
 * eth/devnet to the embedded post set). The moods follow the world's history: the clean token is
 * praised, the honeypot's buyers find they cannot sell, the rug is pulled late, and nobody talks
 * about the unverified token.
 */
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Address } from 'viem';
import { readManifest, readSocialPosts, type DevnetManifest, type SocialPostSet, type TokenLabel } from '../devnet';
import { AppConfig } from '../src/config/app-config';
import type { ChainKey } from '../src/config/app-config';
import { SocialAnalyzer } from '../src/analysis/social/social.analyzer';
import { SocialAnalysisModule } from '../src/analysis/social/social-analysis.module';
import { SocialProvider } from '../src/providers/social/social-provider';
import type { AvailableSocialSection, SocialSection } from '../src/analysis/social/social.types';

let app: TestingModule;
let analyzer: SocialAnalyzer;
let provider: SocialProvider;
let manifest: DevnetManifest;
let postSet: SocialPostSet;

async function boot(): Promise<TestingModule> {
  const config = new AppConfig({
    rpcUrls: {},
    rpcTimeoutMs: 10_000,
    devnetRpcUrl: process.env.TEST_DEVNET_RPC_URL,
  } as AppConfig);
  @Global()
  @Module({ providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] })
  class TestConfigModule {}
  return Test.createTestingModule({ imports: [TestConfigModule, SocialAnalysisModule] }).compile();
}

function analyze(label: TokenLabel, chain: ChainKey = 'eth'): Promise<SocialSection> {
  const token = manifest.tokens[label];
  return analyzer.analyze({ chain, address: token.address as Address, symbol: token.symbol, name: token.name });
}

function available(section: SocialSection): AvailableSocialSection {
  if (!section.available) throw new Error(`expected social data, got: ${section.reason}`);
  return section;
}

beforeAll(async () => {
  manifest = readManifest();
  postSet = readSocialPosts();
  app = await boot();
  analyzer = app.get(SocialAnalyzer);
  provider = app.get(SocialProvider);
});

afterAll(() => app.close());

describe('Social analysis on the devnet', () => {
  it('resolves post times against the history end and keeps every post of the token', async () => {
    const data = await provider.posts({
      chain: 'eth',
      address: manifest.tokens.clean.address as Address,
      symbol: 'CLEAN',
      name: 'x',
    });
    const endMs = manifest.history.endTimestamp * 1000;
    expect(data?.source).toBe('devnet');
    expect(data?.asOf).toBe(new Date(endMs).toISOString());
    expect(data?.posts.map((p) => p.id)).toEqual(postSet.tokens.clean.posts.map((p) => p.id));
    for (const post of data!.posts) {
      const at = Date.parse(post.createdAt);
      expect(at).toBeLessThan(endMs);
      expect(at).toBeGreaterThan(manifest.history.startTimestamp * 1000);
    }
  });

  it('clean: mostly positive, every link found, a good grade', async () => {
    const s = available(await analyze('clean'));
    expect(s.source).toBe('devnet');
    expect(s.sentiment.overall.label).toBe('POSITIVE');
    expect(s.sentiment.positive).toBeGreaterThan(s.sentiment.neutral + s.sentiment.negative);
    expect(s.sentiment.negative).toBe(0);
    expect(s.links).toMatchObject({
      website: 'https://cleantoken.example',
      x: 'https://x.com/cleantoken',
      telegram: 'https://t.me/cleantoken',
      github: 'https://github.com/cleantoken',
    });
    expect(s.engagement.last7d.posts).toBe(postSet.tokens.clean.posts.length);
    expect(s.influencers.posts).toBeGreaterThan(0);
    expect(s.influencers.sentiment?.label).toBe('POSITIVE');
    expect(s.socialScore).toBeGreaterThanOrEqual(70);
    expect(['A+', 'A', 'B']).toContain(s.grade);
  });

  it("honeypot: the late can't-sell posts turn sentiment and trend negative", async () => {
    const s = available(await analyze('honeypot'));
    expect(s.sentiment.overall.label).toBe('NEGATIVE');
    const last24h = s.sentiment.posts.filter((p) => Date.parse(p.createdAt) > Date.parse(s.asOf) - 24 * 3_600_000);
    expect(last24h.length).toBeGreaterThan(0);
    expect(last24h.every((p) => p.label === 'NEGATIVE')).toBe(true);
    expect(s.trend.sentiment24h).toBeLessThan(-0.5);
    expect(s.trend.direction).toBe('FALLING');
    expect(s.links).toMatchObject({
      website: 'https://honeypot.example',
      x: null,
      telegram: 'https://t.me/honeypot',
      github: null,
    });
    expect(s.socialScore).toBeLessThanOrEqual(40);
    expect(s.grade).toBe('F');
  });

  it('rug: hype before the pull, outrage after: volume up, sentiment falling', async () => {
    const s = available(await analyze('rug'));
    expect(s.trend).toMatchObject({ volume: 'RISING', sentiment: 'FALLING', direction: 'FALLING' });
    expect(s.trend.sentiment24h!).toBeLessThan(s.trend.sentimentPrevious24h!);
    expect(s.sentiment.overall.label).toBe('NEGATIVE');
    expect(s.grade).toBe('F');
  });

  it('unverified: nobody talks about it, so no score at all', async () => {
    await expect(analyze('unverified')).resolves.toEqual({
      available: false,
      reason: 'no social data is known for this token',
      source: null,
      links: { website: null, x: null, telegram: null, github: null, found: [] },
    });
  });

  it('serves chain devnet as eth, and has no data for other chains without an X token', async () => {
    expect(await analyze('honeypot', 'devnet')).toEqual(await analyze('honeypot', 'eth'));
    await expect(analyze('clean', 'bsc')).resolves.toMatchObject({ available: false, source: null });
    await expect(provider.healthCheck()).resolves.toEqual({ status: 'operational', provider: 'devnet' });
  });
});
