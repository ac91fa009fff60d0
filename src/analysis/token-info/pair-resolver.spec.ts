import {
  decodeFunctionData,
  encodeFunctionResult,
  getAddress,
  parseAbi,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { FakeChainRegistry } from '../../../test/fakes';
import { MAINNET_CHAIN_FACTS } from '../../chain/chain-facts';
import { PairResolver } from './pair-resolver';

const facts = MAINNET_CHAIN_FACTS.eth;
const FACTORY = facts.dexes[0].factory;
const WETH = facts.wrappedNative.address;
const USDC = facts.stablecoins[0].address;
const TOKEN = getAddress('0x1111111111111111111111111111111111111111');
const OTHER = getAddress('0x2222222222222222222222222222222222222222');
const PAIR = getAddress('0x3333333333333333333333333333333333333333');
const ROGUE_FACTORY = getAddress('0x4444444444444444444444444444444444444444');

const POOL_ABI = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function factory() view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function fee() view returns (uint24)',
  'function stable() view returns (bool)',
]);
/** A pool read is six calls in one JSON-RPC batch: token0, token1, factory, getReserves, fee, stable. */
const POOL_READS = 6;

type Answers = Partial<Record<'token0' | 'token1' | 'factory' | 'getReserves', unknown>>;

/** A node that knows some contracts' answers and the factory's pairs; anything else reverts. */
class FakeV2Node {
  readonly contracts = new Map<string, Answers>();
  readonly listed = new Map<string, Address>();
  calls = 0;

  pair(address: Address, answers: { token0: Address; token1: Address; factory?: Address }, listed = true): this {
    this.contracts.set(address, { ...answers, factory: answers.factory ?? FACTORY, getReserves: [10n, 20n, 1] });
    if (listed) this.listed.set(`${answers.token0}:${answers.token1}`, address);
    return this;
  }

  client(): PublicClient {
    const node = {
      // The pool's own reads: one gas-capped eth_call each (sent as one batch by the transport).
      request: async ({
        method,
        params,
      }: {
        method: string;
        params: [{ to: Address; data: Hex; gas: Hex }, string];
      }) => {
        if (method !== 'eth_call' || !params[0].gas) throw new Error(`unexpected ${method}`);
        this.calls++;
        const { functionName } = decodeFunctionData({ abi: POOL_ABI, data: params[0].data });
        const result = this.contracts.get(getAddress(params[0].to))?.[functionName as keyof Answers];
        if (result === undefined) throw Object.assign(new Error('execution reverted'), { code: 3 });
        return encodeFunctionResult({ abi: POOL_ABI, functionName, result } as never);
      },
      readContract: async ({ address, args }: { address: Address; args: [Address, Address] }) => {
        this.calls++;
        return address === FACTORY
          ? (this.listed.get(`${args[0]}:${args[1]}`) ?? zeroAddress)
          : Promise.reject(new Error('execution reverted'));
      },
    };
    return node as unknown as PublicClient;
  }
}

function build(node: FakeV2Node): PairResolver {
  const registry = new FakeChainRegistry([{ key: 'eth', chainId: 1 }], {
    eth: { key: 'eth', facts, client: node.client(), source: 'rpc', servedByDevnet: false },
  });
  return new PairResolver(registry);
}

describe('PairResolver', () => {
  it('resolves a pair the configured factory lists to its non-quote token, with a note saying so', async () => {
    const sut = build(new FakeV2Node().pair(PAIR, { token0: TOKEN, token1: WETH }));
    const resolved = await sut.resolve('eth', PAIR);
    expect(resolved).toEqual({
      token: TOKEN,
      resolvedFrom: {
        address: PAIR,
        kind: 'v2_pair',
        dex: 'Uniswap V2',
        side: 'token0',
        pairedWith: WETH,
        rule: 'non_quote_side',
        note: `${PAIR} is the Uniswap V2 pair of ${TOKEN} and ${WETH}; this report is for ${TOKEN}, the side that is not the quote token (WETH).`,
      },
    });
  });

  it('picks token1 when token0 is the quote token', async () => {
    const sut = build(new FakeV2Node().pair(PAIR, { token0: USDC, token1: TOKEN }));
    expect(await sut.resolve('eth', PAIR)).toMatchObject({
      token: TOKEN,
      resolvedFrom: { side: 'token1', pairedWith: USDC, rule: 'non_quote_side' },
    });
  });

  it('picks token0 when both sides are quote tokens, and says why', async () => {
    const sut = build(new FakeV2Node().pair(PAIR, { token0: USDC, token1: WETH }));
    const resolved = await sut.resolve('eth', PAIR);
    expect(resolved).toMatchObject({ token: USDC, resolvedFrom: { side: 'token0', rule: 'both_quote_token0' } });
    expect(resolved!.resolvedFrom.note).toMatch(
      /this report is for 0x\w+, token0, since both sides are quote tokens\.$/,
    );
  });

  it('picks token0 when neither side is a quote token', async () => {
    const sut = build(new FakeV2Node().pair(PAIR, { token0: TOKEN, token1: OTHER }));
    expect(await sut.resolve('eth', PAIR)).toMatchObject({
      token: TOKEN,
      resolvedFrom: { side: 'token0', pairedWith: OTHER, rule: 'no_quote_token0' },
    });
  });

  it('leaves a token that is not a pair alone, without asking the factory', async () => {
    const node = new FakeV2Node();
    node.contracts.set(TOKEN, {});
    const sut = build(node);
    expect(await sut.resolve('eth', TOKEN)).toBeNull();
    expect(node.calls).toBe(POOL_READS);
  });

  it('does not resolve a contract with token0() and token1() that the factory does not list as that pair', async () => {
    const node = new FakeV2Node().pair(PAIR, { token0: TOKEN, token1: WETH }, false);
    const sut = build(node);
    expect(await sut.resolve('eth', PAIR)).toBeNull();
  });

  it('does not resolve a look-alike whose factory lists a different pair for its tokens', async () => {
    const node = new FakeV2Node()
      .pair(OTHER, { token0: TOKEN, token1: WETH })
      .pair(PAIR, { token0: TOKEN, token1: WETH }, false);
    expect(await build(node).resolve('eth', PAIR)).toBeNull();
  });

  it('does not believe a factory the chain does not configure, whatever it answers', async () => {
    const node = new FakeV2Node().pair(PAIR, { token0: USDC, token1: TOKEN, factory: ROGUE_FACTORY });
    expect(await build(node).resolve('eth', PAIR)).toBeNull();
    expect(node.calls).toBe(POOL_READS);
  });

  it('does not resolve a contract without getReserves()', async () => {
    const node = new FakeV2Node().pair(PAIR, { token0: TOKEN, token1: WETH });
    node.contracts.set(PAIR, { ...node.contracts.get(PAIR), getReserves: undefined });
    expect(await build(node).resolve('eth', PAIR)).toBeNull();
  });

  it('remembers a confirmed pair (its tokens and factory never change)', async () => {
    const node = new FakeV2Node().pair(PAIR, { token0: TOKEN, token1: WETH });
    const sut = build(node);
    await sut.resolve('eth', PAIR);
    const calls = node.calls;
    expect(await sut.resolve('eth', PAIR)).toMatchObject({ token: TOKEN });
    expect(node.calls).toBe(calls);
  });

  it('remembers a token found not to be a pair, so its later (cached) scans cost no RPC call', async () => {
    const node = new FakeV2Node();
    node.contracts.set(TOKEN, {});
    const sut = build(node);
    await sut.resolve('eth', TOKEN);
    expect(await sut.resolve('eth', TOKEN)).toBeNull();
    expect(node.calls).toBe(POOL_READS);
  });
});
