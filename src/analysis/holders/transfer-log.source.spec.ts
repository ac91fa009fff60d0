import { numberToHex, RpcRequestError, type PublicClient } from 'viem';
import { ChainUnavailableError } from '../../chain/chain.errors';
import { LogRangeRefusedError } from './holders.errors';
import { LogRangePolicy } from './log-range.policy';
import { TRANSFER_TOPIC, type RawLog } from './transfer.batch';
import { TransferLogSource } from './transfer-log.source';

const TOKEN = '0x00000000000000000000000000000000000000cc';
const word = (n: bigint | number) => `0x${BigInt(n).toString(16).padStart(64, '0')}`;

type Request = { method: string; params: unknown[] };

/** A node with one 1-token transfer per block, that refuses eth_getLogs over more than `maxSpan` blocks. */
class FakeNode {
  readonly requests: Request[] = [];
  constructor(private readonly opts: { maxSpan: number; withTimestamps: boolean; refusal?: string }) {}

  client(): PublicClient {
    return { request: (args: Request) => this.request(args) } as unknown as PublicClient;
  }

  private async request(args: Request): Promise<unknown> {
    this.requests.push(args);
    if (args.method === 'eth_getBlockByNumber') {
      const block = Number(args.params[0]);
      return { number: numberToHex(block), timestamp: numberToHex(1_000 + block * 10) };
    }
    if (args.method === 'eth_getLogs') {
      const { fromBlock, toBlock } = args.params[0] as { fromBlock: string; toBlock: string };
      const [from, to] = [Number(fromBlock), Number(toBlock)];
      if (to - from + 1 > this.opts.maxSpan) {
        throw new RpcRequestError({
          body: args,
          error: { code: -32000, message: this.opts.refusal ?? 'block range too large' },
          url: 'http://node.invalid',
        });
      }
      return Array.from({ length: to - from + 1 }, (_, i) => this.log(from + i));
    }
    throw new Error(`unexpected ${args.method}`);
  }

  private log(block: number): RawLog {
    return {
      topics: [TRANSFER_TOPIC, word(0), word(block + 1)],
      data: word(1),
      blockNumber: numberToHex(block),
      logIndex: '0x0',
      blockTimestamp: this.opts.withTimestamps ? numberToHex(1_000 + block * 10) : undefined,
    };
  }
}

const policy = () => new LogRangePolicy({ initialRange: 1_000, maxRange: 10_000, targetLogs: 10_000 });

describe('TransferLogSource', () => {
  it('shrinks the range until the node accepts it, then grows it back', async () => {
    const node = new FakeNode({ maxSpan: 100, withTimestamps: true });
    const sut = new TransferLogSource(node.client(), 'eth');
    const ranges = policy();
    const first = await sut.fetchWindow({ token: TOKEN, from: 0, target: 5_000, policy: ranges });
    expect(first).toMatchObject({ from: 0, to: 61 }); // 1000 → 500 → 250 → 125 → 62 blocks
    expect(first.logs).toHaveLength(62);
    expect(sut.rangeRefusals).toBe(4);
    const second = await sut.fetchWindow({ token: TOKEN, from: 62, target: 5_000, policy: ranges });
    expect(second.to - second.from + 1).toBe(93); // grown back, halfway to the refused 125
    expect(sut.getLogsRequests).toBe(6);
  });

  it('uses the span a provider names', async () => {
    const node = new FakeNode({
      maxSpan: 300,
      withTimestamps: true,
      refusal: 'Log response size exceeded. this block range should work: [0x0, 0x12b]',
    });
    const sut = new TransferLogSource(node.client(), 'eth');
    const window = await sut.fetchWindow({ token: TOKEN, from: 0, target: 5_000, policy: policy() });
    expect(window).toMatchObject({ from: 0, to: 299 });
    expect(sut.getLogsRequests).toBe(2);
  });

  it('gives up when even one block is refused', async () => {
    const sut = new TransferLogSource(new FakeNode({ maxSpan: 0, withTimestamps: true }).client(), 'eth');
    await expect(sut.fetchWindow({ token: TOKEN, from: 7, target: 9, policy: policy() })).rejects.toBeInstanceOf(
      LogRangeRefusedError,
    );
  });

  it('reports a node that cannot be reached as unavailable, without shrinking', async () => {
    const dead = {
      request: async () => Promise.reject(Object.assign(new TypeError('fetch failed'))),
    } as unknown as PublicClient;
    const sut = new TransferLogSource(dead, 'eth');
    await expect(sut.fetchWindow({ token: TOKEN, from: 0, target: 10, policy: policy() })).rejects.toBeInstanceOf(
      ChainUnavailableError,
    );
    expect(sut.rangeRefusals).toBe(0);
  });

  it('reads block times the node left out, only for windows reaching the horizon, in one batch', async () => {
    const node = new FakeNode({ maxSpan: 10_000, withTimestamps: false });
    const sut = new TransferLogSource(node.client(), 'eth');
    const old = await sut.fetchWindow({ token: TOKEN, from: 0, target: 9, policy: policy() });
    await sut.fillTimestamps(old, 5_000);
    expect(old.logs.every((l) => l.timestamp === undefined)).toBe(true);
    const before = node.requests.length;
    const recent = await sut.fetchWindow({ token: TOKEN, from: 400, target: 409, policy: policy() });
    await sut.fillTimestamps(recent, 5_000);
    expect(recent.logs.map((l) => l.timestamp)).toEqual(recent.logs.map((l) => 1_000 + l.block * 10));
    // getLogs, the window's last header, then the ten headers.
    expect(node.requests.length - before).toBe(12);
  });
});
