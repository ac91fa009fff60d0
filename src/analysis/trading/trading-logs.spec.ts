import type { PublicClient } from 'viem';
import { chunkSpan, coveredFrom, readLogsBatched, type RawLog } from './trading-logs';

/** A node that refuses eth_getLogs over more than `maxRange` blocks, and answers one log per block asked. */
class RangeCappedNode {
  calls: { from: number; to: number }[] = [];
  constructor(private readonly maxRange: number) {}

  request = async (args: { method: string; params: [{ fromBlock: string; toBlock: string }] }): Promise<RawLog[]> => {
    const from = Number(args.params[0].fromBlock);
    const to = Number(args.params[0].toBlock);
    this.calls.push({ from, to });
    if (to - from + 1 > this.maxRange)
      throw Object.assign(new Error('query returned more than 10000 results'), { code: -32005 });
    return [
      {
        address: '0x1',
        topics: [],
        data: '0x',
        blockNumber: `0x${to.toString(16)}`,
        logIndex: '0x0',
        transactionHash: '0x1',
      },
    ];
  };
}

const client = (node: RangeCappedNode) => node as unknown as PublicClient;

describe('chunkSpan and coveredFrom', () => {
  it('splits newest first and finds the contiguous stretch ending at the end', () => {
    expect(chunkSpan({ from: 0, to: 24 }, 10)).toEqual([
      { from: 15, to: 24 },
      { from: 5, to: 14 },
      { from: 0, to: 4 },
    ]);
    expect(
      coveredFrom(
        [
          { from: 5, to: 14 },
          { from: 15, to: 24 },
        ],
        24,
      ),
    ).toEqual({ from: 5, to: 24 });
    expect(coveredFrom([{ from: 0, to: 4 }], 24)).toBeNull();
  });
});

describe('readLogsBatched', () => {
  it('halves refused chunks until the node accepts them and reads the whole span', async () => {
    const node = new RangeCappedNode(30);
    const sut = await readLogsBatched({
      chain: 'eth',
      client: client(node),
      span: { from: 0, to: 99 },
      chunkBlocks: 100,
      queries: [{ address: '0x0000000000000000000000000000000000000001', topics: [] }],
    });
    expect(sut.truncated).toBe(false);
    expect(sut.covered).toEqual({ from: 0, to: 99 });
    expect(sut.logs[0].length).toBeGreaterThan(1);
    expect(sut.error).toBeNull();
  });

  it('keeps the newest covered blocks and says so when refusals outlast the split rounds', async () => {
    const node = new RangeCappedNode(1);
    const sut = await readLogsBatched({
      chain: 'eth',
      client: client(node),
      span: { from: 0, to: 99 },
      chunkBlocks: 100,
      queries: [{ address: '0x0000000000000000000000000000000000000001', topics: [] }],
    });
    expect(sut.truncated).toBe(true);
    expect(sut.covered).toBeNull();
    expect(sut.error).toMatch(/more than 10000 results/);
  });
});
