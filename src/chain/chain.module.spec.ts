import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig } from '../config/app-config';
import { ChainModule, DEVNET_CHAIN_FACTS } from './chain.module';
import { ChainRegistry } from './chain-registry';
import { devnetChainFacts } from '../../test/factories';

const config = (overrides: Partial<AppConfig>) =>
  new AppConfig({ rpcUrls: {}, rpcTimeoutMs: 1_000, ...overrides } as AppConfig);

async function boot(appConfig: AppConfig, devnetFacts?: unknown) {
  @Global()
  @Module({
    providers: [
      { provide: AppConfig, useValue: appConfig },
      ...(devnetFacts ? [{ provide: DEVNET_CHAIN_FACTS, useValue: devnetFacts }] : []),
    ],
    exports: [AppConfig, ...(devnetFacts ? [DEVNET_CHAIN_FACTS] : [])],
  })
  class FakeConfigModule {}
  return Test.createTestingModule({ imports: [FakeConfigModule, ChainModule] }).compile();
}

describe('ChainModule', () => {
  it('builds the registry from AppConfig', async () => {
    const app = await boot(config({ rpcUrls: { base: ['https://base.example/KEY'] } }));
    const sut = app.get(ChainRegistry);
    expect(sut.configuredKeys()).toEqual(['base']);
    await app.close();
  });

  it('uses injected devnet facts when the devnet runs', async () => {
    const facts = devnetChainFacts();
    const app = await boot(config({ devnetRpcUrl: 'http://127.0.0.1:8545' }), facts);
    const sut = app.get(ChainRegistry);
    expect(sut.get('eth').facts.wrappedNative.address).toBe(facts.wrappedNative.address);
    expect(sut.get('eth').servedByDevnet).toBe(true);
    await app.close();
  });
});
