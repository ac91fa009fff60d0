import type { PublicClient } from 'viem';
import { distinctRecipients, FundingTracer, fundingIn } from './funding-links';

const W = '0x00000000000000000000000000000000000000a1';
const FUNDER = '0x00000000000000000000000000000000000000f1';
const ROUTER = '0x00000000000000000000000000000000000000e1';

const call = (from: string, to: string, value: bigint, blockNumber = 5) => ({
  type: 'call',
  blockNumber,
  action: { from, to, value: `0x${value.toString(16)}` as const },
});

/** A node answering trace_filter from a script; counts requests. */
class FakeTraceNode {
  requests = 0;
  constructor(private readonly answer: (filter: { fromBlock: string; toBlock: string }) => unknown) {}
  request = async (args: { method: string; params: [{ fromBlock: string; toBlock: string }] }) => {
    this.requests++;
    return this.answer(args.params[0]);
  };
}

describe('fundingIn', () => {
  it('takes the first value transfer into the wallet, skipping routers and zero-value calls', () => {
    const traces = [call(FUNDER, W, 0n, 1), call(ROUTER, W, 5n, 2), call(FUNDER, W, 7n, 3), call('0x0b', W, 9n, 4)];
    expect(fundingIn(traces, W, new Set([ROUTER]))).toEqual({ funder: FUNDER, block: 3, value: 7n });
    expect(fundingIn([], W, new Set())).toBeNull();
  });

  it('counts distinct paid recipients', () => {
    expect(
      distinctRecipients([
        call(FUNDER, '0x1', 1n),
        call(FUNDER, '0x1', 1n),
        call(FUNDER, '0x2', 1n),
        call(FUNDER, '0x3', 0n),
      ]),
    ).toBe(2);
  });
});

describe('FundingTracer', () => {
  it('reports unavailable when the node has no trace_filter, and stops asking it', async () => {
    const node = new FakeTraceNode(() => {
      throw Object.assign(new Error('Method not found'), { code: -32601 });
    });
    const sut = new FundingTracer();
    const params = {
      chain: 'eth' as const,
      client: node as unknown as PublicClient,
      wallets: [{ address: W, before: 100 }],
      lookbackBlocks: 1_000,
      ignore: new Set<string>(),
    };
    expect((await sut.firstFunders(params)).method).toBe('unavailable');
    expect((await sut.firstFunders(params)).method).toBe('unavailable');
    expect(node.requests).toBe(1);
  });

  it('retries a refused range with the node cap and remembers it', async () => {
    const node = new FakeTraceNode((f) => {
      if (Number(f.toBlock) - Number(f.fromBlock) + 1 > 300)
        throw new Error('block range too large, currently limited to 300');
      return [call(FUNDER, W, 3n, 90)];
    });
    const sut = new FundingTracer();
    const params = {
      chain: 'eth' as const,
      client: node as unknown as PublicClient,
      wallets: [{ address: W, before: 1_000 }],
      lookbackBlocks: 5_000,
      ignore: new Set<string>(),
    };
    const first = await sut.firstFunders(params);
    expect(first.method).toBe('trace_filter');
    expect(first.links.get(W)).toEqual({ funder: FUNDER, block: 90, value: 3n });
    expect(node.requests).toBe(2);
    await sut.firstFunders(params);
    expect(node.requests).toBe(3);
  });
});
