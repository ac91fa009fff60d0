import { Test, type TestingModule } from '@nestjs/testing';
import { getAddress, toFunctionSelector, type Address } from 'viem';
import { readManifest, type TokenEntry } from '../devnet';
import { ContractAnalysisModule } from '../src/analysis/contract/contract-analysis.module';
import { ContractAnalyzer } from '../src/analysis/contract/contract.analyzer';
import type { ContractAnalysis } from '../src/analysis/contract/contract.types';
import { TokenInfoAnalyzer } from '../src/analysis/token-info/token-info.analyzer';
import { TokenNotFoundError } from '../src/analysis/token-info/token-info.errors';
import type { TokenInfo } from '../src/analysis/token-info/token-info.types';
import { loadConfig } from '../src/config/app-config';
import { ConfigModule } from '../src/config/config.module';

const manifest = readManifest();
const tokens = Object.entries(manifest.tokens) as [string, TokenEntry][];
const HIDDEN_MINT_SELECTOR = toFunctionSelector('function syncRewards(address,uint256)');

describe('token info and contract analysis on the devnet', () => {
  let moduleRef: TestingModule;
  let tokenInfo: TokenInfoAnalyzer;
  let contract: ContractAnalyzer;
  const results = new Map<
    string,
    { info: TokenInfo; analysis: ContractAnalysis; infoRequests: number; analysisRequests: number }
  >();

  /** Counts HTTP requests (a JSON-RPC batch is one) while `work` runs. */
  async function counted<T>(work: () => Promise<T>): Promise<[T, number]> {
    const spy = jest.spyOn(globalThis, 'fetch');
    try {
      const value = await work();
      return [value, spy.mock.calls.length];
    } finally {
      spy.mockRestore();
    }
  }

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).with({
      devnetRpcUrl: process.env.TEST_DEVNET_RPC_URL,
    });
    moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.register(config), ContractAnalysisModule],
    }).compile();
    tokenInfo = moduleRef.get(TokenInfoAnalyzer);
    contract = moduleRef.get(ContractAnalyzer);
    for (const [label, token] of tokens) {
      const address = token.address as Address;
      const [info, infoRequests] = await counted(() => tokenInfo.analyze({ chain: 'eth', address }));
      const [analysis, analysisRequests] = await counted(() =>
        contract.analyze({ chain: 'eth', address, tokenInfo: info }),
      );
      results.set(label, { info, analysis, infoRequests, analysisRequests });
    }
  });

  afterAll(async () => {
    await moduleRef?.close();
  });

  describe.each(tokens)('%s', (label, token) => {
    const result = () => results.get(label)!;

    it('reads name, symbol, decimals and owner in one HTTP request', () => {
      const { info, infoRequests } = result();
      expect({ name: info.name, symbol: info.symbol, decimals: info.decimals, owner: info.owner }).toEqual({
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        owner: getAddress(token.owner),
      });
      expect(info.totalSupply > 0n).toBe(true);
      expect(infoRequests).toBe(1);
    });

    it('gives the verdicts of its labels', () => {
      const { analysis } = result();
      const { labels } = token;
      expect({
        can_mint: analysis.canMint,
        can_pause: analysis.canPause,
        can_blacklist: analysis.canBlacklist,
        is_proxy: analysis.proxy.isProxy,
        implementation: analysis.proxy.implementation,
        owner_renounced: analysis.ownership.renounced,
        has_limits: analysis.hasLimits,
        hidden_mint: analysis.hiddenMint.detected,
        verified: analysis.verification.verified,
      }).toEqual({
        can_mint: labels.can_mint,
        can_pause: labels.can_pause,
        can_blacklist: labels.can_blacklist,
        is_proxy: labels.is_proxy,
        implementation: token.implementation ? getAddress(token.implementation) : null,
        owner_renounced: labels.owner_renounced,
        has_limits: labels.has_limits,
        hidden_mint: labels.hidden_mint,
        verified: labels.verified,
      });
    });

    it('flags the hidden mint as critical exactly when the token has one', () => {
      expect(result().analysis.hiddenMint.functions).toEqual(token.labels.hidden_mint ? [HIDDEN_MINT_SELECTOR] : []);
    });

    it('names the verified source (the proxy itself for the proxy)', () => {
      const { verification } = result().analysis;
      expect(verification.contractName).toBe(token.source?.contract);
      expect(verification.file).toBe(token.source?.file);
    });

    it("needs at most 2 more HTTP requests for the contract analysis, the engine's two batches (4 for a proxy)", () => {
      expect(result().analysisRequests).toBeLessThanOrEqual(token.labels.is_proxy ? 4 : 2);
    });
  });

  it('keeps the NatSpec of the verified source for the token description', () => {
    expect(results.get('hidden_mint')!.analysis.verification.comments).toMatch(/^Looks like a plain token/);
  });

  it('lists the powers of the powers token with their severities', () => {
    const names = results.get('powers')!.analysis.maliciousFunctions.map((f) => `${f.name}:${f.severity}`);
    expect(names).toEqual(
      expect.arrayContaining(['mint(address,uint256):high', 'pause():high', 'blacklist(address):high']),
    );
  });

  it('answers TokenNotFoundError for an address without code', async () => {
    const wallet = manifest.wallets.find((w) => w.roles.includes('payer'))!.address as Address;
    const error = await tokenInfo.analyze({ chain: 'eth', address: wallet }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenNotFoundError);
    expect(error).toMatchObject({ kind: 'not_found', message: 'Token not found or not supported', reason: 'no_code' });
  });

  it('answers TokenNotFoundError for a contract that is not an ERC-20 (the DEX factory)', async () => {
    const factory = manifest.contracts.UniswapV2Factory as Address;
    const error = await tokenInfo.analyze({ chain: 'eth', address: factory }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenNotFoundError);
    expect(error).toMatchObject({
      kind: 'not_found',
      message: 'Token not found or not supported',
      reason: 'not_erc20',
    });
  });

  it('sees WETH9 as ownerless and powerless', async () => {
    const address = manifest.contracts.WETH as Address;
    const info = await tokenInfo.analyze({ chain: 'devnet', address });
    const analysis = await contract.analyze({ chain: 'devnet', address, tokenInfo: info });
    expect({
      owner: info.owner,
      renounced: analysis.ownership.renounced,
      malicious: analysis.maliciousFunctions,
      verified: analysis.verification.verified,
    }).toEqual({
      owner: null,
      renounced: null,
      malicious: [],
      verified: true,
    });
  });
});
