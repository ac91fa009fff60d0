import { numberToHex, type PublicClient } from 'viem';
import { ChainRegistry, type ChainContext } from '../../chain/chain-registry';
import type { ChainKey } from '../../config/app-config';
import { SectionHandedOffError } from '../report/section-failure';
import { HolderIndexer } from './holder.indexer';
import { HolderRepository, type ApplyResult, type Checkpoint, type TokenKey } from './holder.repository';
import { TRANSFER_TOPIC, type TransferBatch } from './transfer.batch';

const TOKEN = '0x00000000000000000000000000000000000000cc';
const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/** A chain of `head + 1` blocks with one transfer in each, counting the requests it serves. */
class FakeRegistry extends ChainRegistry {
  readonly methods: string[] = [];
  head = 99;

  constructor() {
    super({ config: { rpcUrls: {}, rpcTimeoutMs: 1_000 } });
  }

  override get(key: ChainKey): ChainContext {
    const client = {
      request: (args: { method: string; params: unknown[] }) => this.request(args),
    } as unknown as PublicClient;
    return { key, client, facts: undefined as never, source: 'rpc', servedByDevnet: false };
  }

  private async request({ method, params }: { method: string; params: unknown[] }): Promise<unknown> {
    this.methods.push(method);
    if (method === 'eth_getBlockByNumber') return { number: numberToHex(this.head), timestamp: numberToHex(1_000_000) };
    const [{ fromBlock, toBlock }] = params as [{ fromBlock: string; toBlock: string }];
    return Array.from({ length: Number(toBlock) - Number(fromBlock) + 1 }, (_, i) => ({
      topics: [TRANSFER_TOPIC, word(0), word(1)],
      data: word(1),
      blockNumber: numberToHex(Number(fromBlock) + i),
      logIndex: '0x0',
      blockTimestamp: numberToHex(1_000_000),
    }));
  }
}

/** In-memory checkpoint; `interloper` moves it as another process would, before the next apply. */
class FakeRepository extends HolderRepository {
  lastBlock = -1;
  applied: Array<{ from: number; to: number; transfers: number }> = [];
  interloper?: () => void;
  statisticsRefreshes = 0;

  constructor() {
    super(undefined as never);
  }

  override async withIndexLock<T>(_key: TokenKey, work: () => Promise<T>): Promise<T> {
    return work();
  }

  override async refreshStatistics(): Promise<void> {
    this.statisticsRefreshes += 1;
  }

  override async readCheckpoint(): Promise<Checkpoint | undefined> {
    return this.lastBlock < 0 ? undefined : { lastBlock: this.lastBlock, holderCount: 0, transferCount: 0 };
  }

  override async applyBatch(
    p: TokenKey & { expectedLastBlock: number; toBlock: number; batch: TransferBatch },
  ): Promise<ApplyResult> {
    this.interloper?.();
    this.interloper = undefined;
    if (p.expectedLastBlock !== this.lastBlock) return { applied: false, lastBlock: this.lastBlock };
    this.applied.push({ from: p.expectedLastBlock + 1, to: p.toBlock, transfers: p.batch.transfers });
    this.lastBlock = p.toBlock;
    return { applied: true };
  }
}

const narrow = { logRange: { initialRange: 10, maxRange: 10, targetLogs: 10_000 }, groupTransfers: 1 };

describe('HolderIndexer', () => {
  let chain: FakeRegistry;
  let repository: FakeRepository;
  let sut: HolderIndexer;

  beforeEach(() => {
    chain = new FakeRegistry();
    repository = new FakeRepository();
    sut = new HolderIndexer(chain, repository, narrow);
  });

  it('indexes from the start to the head in consecutive windows', async () => {
    const outcome = await sut.indexToLatest({ chain: 'eth', token: TOKEN });
    expect(repository.applied.map((a) => [a.from, a.to])).toEqual(
      Array.from({ length: 10 }, (_, i) => [i * 10, i * 10 + 9]),
    );
    expect(outcome).toMatchObject({ indexedToBlock: 99, fromBlock: 0, transfersApplied: 100, getLogsRequests: 10 });
  });

  it('writes consecutive windows as one batch up to the group size', async () => {
    sut = new HolderIndexer(chain, repository, { ...narrow, groupTransfers: 35 });
    await sut.indexToLatest({ chain: 'eth', token: TOKEN });
    expect(repository.applied.map((a) => [a.from, a.to, a.transfers])).toEqual([
      [0, 39, 40],
      [40, 79, 40],
      [80, 99, 20],
    ]);
  });

  it('shares one run between concurrent callers', async () => {
    const outcomes = await Promise.all([0, 1, 2].map(() => sut.indexToLatest({ chain: 'eth', token: TOKEN })));
    expect(chain.methods.filter((m) => m === 'eth_getLogs')).toHaveLength(10);
    expect(outcomes[1]).toBe(outcomes[0]);
    expect(repository.applied).toHaveLength(10);
  });

  it('stops at the next checkpoint once its callers hand off, keeping what it applied; the next run resumes there', async () => {
    const handOff = new AbortController();
    repository.interloper = () => handOff.abort(); // the caller hands off while the first batch is applied
    await expect(sut.indexToLatest({ chain: 'eth', token: TOKEN, signal: handOff.signal })).rejects.toThrow(
      SectionHandedOffError,
    );
    expect(repository.applied.map((a) => [a.from, a.to])).toEqual([[0, 9]]);
    const outcome = await sut.indexToLatest({ chain: 'eth', token: TOKEN });
    expect(outcome).toMatchObject({ indexedToBlock: 99, fromBlock: 10, transfersApplied: 90 });
  });

  it('goes on while any caller sharing the run still wants it', async () => {
    const handOff = new AbortController();
    repository.interloper = () => handOff.abort();
    const [leaving, staying] = await Promise.allSettled([
      sut.indexToLatest({ chain: 'eth', token: TOKEN, signal: handOff.signal }),
      sut.indexToLatest({ chain: 'eth', token: TOKEN }),
    ]);
    expect(leaving).toMatchObject({ status: 'fulfilled', value: { indexedToBlock: 99 } });
    expect(staying).toMatchObject({ status: 'fulfilled', value: { indexedToBlock: 99 } });
    expect(repository.applied).toHaveLength(10);
  });

  it('costs one request when the checkpoint is at the head', async () => {
    repository.lastBlock = 99;
    const outcome = await sut.indexToLatest({ chain: 'eth', token: TOKEN });
    expect(chain.methods).toEqual(['eth_getBlockByNumber']);
    expect(outcome).toMatchObject({ indexedToBlock: 99, fromBlock: null, transfersApplied: 0 });
  });

  it('drops a window another process already applied and resumes from its checkpoint', async () => {
    repository.lastBlock = 9;
    repository.interloper = () => (repository.lastBlock = 54);
    const outcome = await sut.indexToLatest({ chain: 'eth', token: TOKEN });
    expect(repository.applied.map((a) => a.from)).toEqual([55, 65, 75, 85, 95]);
    expect(outcome).toMatchObject({ indexedToBlock: 99, fromBlock: 55, transfersApplied: 45 });
  });

  it("refreshes the planner's statistics after a run of 10,000 transfers or more, not after a smaller one", async () => {
    await sut.indexToLatest({ chain: 'eth', token: TOKEN });
    expect(repository.statisticsRefreshes).toBe(0);
    chain.head = 99 + 10_000;
    sut = new HolderIndexer(chain, repository, {
      logRange: { initialRange: 10_000, maxRange: 10_000, targetLogs: 10_000 },
    });
    const outcome = await sut.indexToLatest({ chain: 'eth', token: TOKEN });
    expect(outcome.transfersApplied).toBe(10_000);
    expect(repository.statisticsRefreshes).toBe(1);
  });
});
