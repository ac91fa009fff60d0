import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig } from '../config/app-config';
import { ChainModule, DEVNET_CHAIN_FACTS } from './chain.module';
import { ChainRegistry } from './chain-registry';
import { devnetFactsFromManifest } from './devnet-facts';

const config = (overrides: Partial<AppConfig>) => new AppConfig({ rpcUrls: {}, rpcTimeoutMs: 1_000, ...overrides } as AppConfig);

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
    const facts = devnetFactsFromManifest({
      chainId: 31337,
      contracts: {
        WETH: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        USDC: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
        Multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
        UniswapV2Factory: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
        UniswapV2Router02: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
      },
    });
    const app = await boot(config({ devnetRpcUrl: 'http://127.0.0.1:8545' }), facts);
    const sut = app.get(ChainRegistry);
    expect(sut.get('eth').facts.wrappedNative.address).toBe(facts.wrappedNative.address);
    expect(sut.get('eth').servedByDevnet).toBe(true);
    await app.close();
  });
});
