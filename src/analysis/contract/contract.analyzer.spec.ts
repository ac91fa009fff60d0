import { encodeAbiParameters, getAddress, MethodNotFoundRpcError, slice, type Address, type Hex, type PublicClient } from 'viem';
import { ChainRegistry, type ChainContext } from '../../chain/chain-registry';
import type { ChainKey } from '../../config/app-config';
import { SourceProvider, type SourceProviderHealth, type SourceVerification } from '../../providers/source/source-provider';
import type { TokenInfo } from '../token-info/token-info.types';
import { ContractAnalyzer } from './contract.analyzer';

type Handler = (method: string, params: unknown[]) => unknown;

class FakeChainRegistry extends ChainRegistry {
  readonly calls: string[] = [];

  constructor(private readonly handler: Handler) {
    super({ config: { rpcUrls: {}, rpcTimeoutMs: 1_000 } });
  }

  override get(key: ChainKey): ChainContext {
    const request = async ({ method, params }: { method: string; params: unknown[] }) => {
      this.calls.push(method);
      return this.handler(method, params);
    };
    return { key, client: { request } as unknown as PublicClient, servedByDevnet: false, source: 'rpc' } as ChainContext;
  }
}

class FakeSourceProvider extends SourceProvider {
  async verify(): Promise<SourceVerification> {
    return { verified: false, provider: 'fake' };
  }
  async healthCheck(): Promise<SourceProviderHealth> {
    return { status: 'operational', provider: 'fake' };
  }
}

const TOKEN = getAddress('0x00000000000000000000000000000000000a11ce');
const IMPL = '0xbebebebebebebebebebebebebebebebebebebebe';
const OWNER = getAddress('0x00000000000000000000000000000000000b0b00');
const UNKNOWN = '12345678';
/** A dispatcher comparing mint(address,uint256), pause() and one unknown selector. */
const implementationCode: Hex = `0x60003560e01c 80 6340c10f19 14 610040 57 80 638456cb59 14 610050 57 80 63${UNKNOWN} 14 610060 57 00`.replace(/\s+/g, '') as Hex;
const cloneCode: Hex = `0x363d3d373d3d3d363d73${IMPL.slice(2)}5af43d82803e903d91602b57fd5bf3`;
const uint = (value: bigint): Hex => encodeAbiParameters([{ type: 'uint256' }], [value]);

const tokenInfo = (overrides: Partial<TokenInfo> = {}): TokenInfo => ({
  chain: 'eth',
  address: TOKEN,
  name: 'T',
  symbol: 'T',
  decimals: 18,
  totalSupply: 1000n,
  owner: OWNER,
  bytecode: cloneCode,
  evidence: { multicallTarget: TOKEN, reads: {} as TokenInfo['evidence']['reads'], codeSize: 45, ownerSource: 'owner()' },
  ...overrides,
});

/** A simulated block: reads, the probe, reads again; the unknown selector adds `minted` to the supply. */
function simulate(params: unknown[], minted: bigint): unknown {
  const calls = (params[0] as { blockStateCalls: { calls: { data: Hex }[] }[] }).blockStateCalls[0].calls;
  const mints = slice(calls[3].data, 0, 4) === `0x${UNKNOWN}`;
  const read = (after: boolean, i: number) => ({ status: '0x1', returnData: uint(i === 0 && after && mints ? 1000n + minted : 1000n) });
  return [{ calls: [0, 1, 2].map((i) => read(false, i)).concat([{ status: '0x1', returnData: '0x' }], [0, 1, 2].map((i) => read(true, i))) }];
}

describe('ContractAnalyzer', () => {
  it('analyses the implementation of an EIP-1167 clone and finds a disguised mint by simulation', async () => {
    const chains = new FakeChainRegistry((method, params) => {
      if (method === 'eth_getCode') return implementationCode;
      if (method === 'eth_simulateV1') return simulate(params, 5n);
      throw new Error(`unexpected ${method}`);
    });
    const sut = new ContractAnalyzer(chains, new FakeSourceProvider());

    const result = await sut.analyze({ chain: 'eth', address: TOKEN, tokenInfo: tokenInfo() });

    expect(result.proxy).toEqual({ isProxy: true, kind: 'eip1167', implementation: getAddress(IMPL), beacon: null, slotsRead: {} });
    expect(result.evidence.selectors).toEqual({ contract: [], implementation: ['0x40c10f19', '0x8456cb59', `0x${UNKNOWN}`] });
    expect({ canMint: result.canMint, canPause: result.canPause, canBlacklist: result.canBlacklist }).toEqual({
      canMint: true,
      canPause: true,
      canBlacklist: false,
    });
    expect(result.hiddenMint).toMatchObject({ detected: true, functions: [`0x${UNKNOWN}`], caller: OWNER });
    expect(result.maliciousFunctions).toContainEqual(
      expect.objectContaining({ selector: `0x${UNKNOWN}`, capability: 'hidden_mint', severity: 'critical' }),
    );
    // The clone needs no slot reads: one getCode, then the simulations.
    expect(chains.calls.filter((m) => m === 'eth_getStorageAt')).toHaveLength(0);
  });

  it('reports hidden mint as unknown, never safe, when the node cannot simulate', async () => {
    const chains = new FakeChainRegistry((method) => {
      if (method === 'eth_simulateV1') throw new MethodNotFoundRpcError(new Error('Method not found'));
      throw new Error(`unexpected ${method}`);
    });
    const sut = new ContractAnalyzer(chains, new FakeSourceProvider());

    const result = await sut.analyze({ chain: 'eth', address: TOKEN, tokenInfo: tokenInfo({ bytecode: implementationCode }) });

    expect(result.hiddenMint.detected).toBeNull();
    expect(result.hiddenMint.reason).toMatch(/eth_simulateV1/);
    expect(result.proxy.isProxy).toBe(false);
    // No DELEGATECALL in the code: the proxy slots are not even read.
    expect(chains.calls).not.toContain('eth_getStorageAt');
  });

  it('reads the EIP-1967 slot of code that can DELEGATECALL and lowers a renounced owner\'s powers to low', async () => {
    const proxyCode: Hex = '0x366000803760008036815af4';
    const chains = new FakeChainRegistry((method, params) => {
      if (method === 'eth_getStorageAt') {
        const slot = (params as Hex[])[1];
        return slot.startsWith('0x3608') ? `0x${IMPL.slice(2).padStart(64, '0')}` : `0x${'0'.repeat(64)}`;
      }
      if (method === 'eth_getCode') return implementationCode;
      if (method === 'eth_simulateV1') return simulate(params, 0n);
      throw new Error(`unexpected ${method}`);
    });
    const sut = new ContractAnalyzer(chains, new FakeSourceProvider());
    const renounced: Address = '0x0000000000000000000000000000000000000000';

    const result = await sut.analyze({ chain: 'eth', address: TOKEN, tokenInfo: tokenInfo({ bytecode: proxyCode, owner: renounced }) });

    expect(result.proxy).toMatchObject({ isProxy: true, kind: 'eip1967', implementation: getAddress(IMPL) });
    expect(result.ownership.renounced).toBe(true);
    expect(result.hiddenMint).toMatchObject({ detected: false });
    expect(result.maliciousFunctions.find((f) => f.name === 'mint(address,uint256)')?.severity).toBe('low');
  });
});
