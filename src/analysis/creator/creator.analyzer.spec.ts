import { getAddress, type Address, type Hex, type PublicClient, type RpcTransactionReceipt } from 'viem';
import { FakeChainRegistry } from '../../../test/fakes';
import { MAINNET_CHAIN_FACTS } from '../../chain/chain-facts';
import { loadConfig, type ChainKey } from '../../config/app-config';
import {
  SourceProvider,
  type ExplorerCreation,
  type SourceProviderHealth,
  type SourceVerification,
} from '../../providers/source/source-provider';
import { ReportCacheRepository, type CreatedTokenRow, type StoredCreation } from '../report/report-cache.repository';
import { CreatorAnalyzer } from './creator.analyzer';

const TOKEN = '0xc0c5618f0F3Fa66b496F2940f373DC366d765BAe' as Address;
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address;
const FACTORY = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' as Address;
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

const receipt = (overrides: Partial<RpcTransactionReceipt> & { n: number }): RpcTransactionReceipt =>
  ({
    transactionHash: tx(overrides.n),
    from: OTHER,
    to: FACTORY,
    contractAddress: null,
    status: '0x1',
    logs: [],
    ...overrides,
  }) as RpcTransactionReceipt;

/** A node whose state holds the token's code from `deployedAt` on; `history: false` = a pruned node. */
class FakeNode {
  getCodeCalls = 0;
  constructor(
    private readonly world: {
      head: bigint;
      deployedAt: bigint;
      receipts: RpcTransactionReceipt[];
      history?: boolean;
      balance?: bigint;
    },
  ) {}

  client(): PublicClient {
    const client = {
      getBlockNumber: async () => this.world.head,
      getCode: async ({ blockNumber }: { blockNumber: bigint }) => {
        this.getCodeCalls += 1;
        if (this.world.history === false) throw new Error('missing trie node');
        return blockNumber >= this.world.deployedAt ? '0x6080' : undefined;
      },
      request: async ({ method }: { method: string }) =>
        method === 'eth_getBlockReceipts' ? this.world.receipts : null,
      readContract: async () => this.world.balance ?? 0n,
    };
    return client as unknown as PublicClient;
  }
}

class FakeExplorer extends SourceProvider {
  constructor(private readonly answer: ExplorerCreation | null = null) {
    super();
  }
  async verify(): Promise<SourceVerification> {
    return { verified: null, provider: 'fake' };
  }
  async healthCheck(): Promise<SourceProviderHealth> {
    return { status: 'operational', provider: 'fake' };
  }
  override async creation(): Promise<ExplorerCreation | null> {
    return this.answer;
  }
}

class FakeReportRows extends ReportCacheRepository {
  constructor(
    private readonly creations: StoredCreation[] = [],
    private readonly created: CreatedTokenRow[] = [],
  ) {
    super(undefined as never);
  }
  override async findCreation(): Promise<StoredCreation | null> {
    return this.creations[0] ?? null;
  }
  override async findCreatedBy(creator: string): Promise<CreatedTokenRow[]> {
    return creator.toLowerCase() === DEPLOYER.toLowerCase() ? this.created : [];
  }
}

function setup(options: { node: FakeNode; explorer?: FakeExplorer; rows?: FakeReportRows; budget?: number }) {
  const context = {
    key: 'eth' as ChainKey,
    facts: MAINNET_CHAIN_FACTS.eth,
    client: options.node.client(),
    source: 'rpc' as const,
    servedByDevnet: false,
  };
  const chains = new FakeChainRegistry([{ key: 'eth', chainId: 1 }], { eth: context });
  const config = loadConfig({}).with({ creatorLookupBudget: options.budget ?? 40 });
  const sut = new CreatorAnalyzer(
    chains,
    options.explorer ?? new FakeExplorer(),
    options.rows ?? new FakeReportRows(),
    config,
  );
  const analyze = () => sut.analyze({ chain: 'eth', address: TOKEN, totalSupply: 1_000_000n });
  return { sut, analyze };
}

describe('CreatorAnalyzer', () => {
  it("finds a directly deployed token's creator, block and transaction in the node's history, and its share of the supply", async () => {
    const node = new FakeNode({
      head: 1_000n,
      deployedAt: 349n,
      balance: 125_000n,
      receipts: [
        receipt({ n: 1 }),
        receipt({ n: 2, from: DEPLOYER, to: null, contractAddress: TOKEN.toLowerCase() as Address }),
      ],
    });
    const { analyze } = setup({ node });
    await expect(analyze()).resolves.toEqual({
      address: DEPLOYER,
      block: 349,
      transaction: tx(2),
      factory: null,
      source: 'node_history',
      balanceSharePercent: 12.5,
      otherTokens: [],
    });
    expect(node.getCodeCalls).toBeLessThanOrEqual(12);
  });

  it('credits a token created by a factory to the sender of the one transaction that emitted a log from it, naming the factory', async () => {
    const minted = { address: TOKEN.toLowerCase() as Address } as RpcTransactionReceipt['logs'][number];
    const node = new FakeNode({
      head: 100n,
      deployedAt: 42n,
      receipts: [
        receipt({ n: 1 }),
        receipt({ n: 2, from: DEPLOYER, logs: [minted] }),
        receipt({ n: 3, status: '0x0', logs: [minted] }),
      ],
    });
    await expect(setup({ node }).analyze()).resolves.toMatchObject({
      address: DEPLOYER,
      block: 42,
      transaction: tx(2),
      factory: FACTORY,
      source: 'node_history',
    });
  });

  it('gives the block without a creator when several transactions of the block could have created it', async () => {
    const node = new FakeNode({ head: 100n, deployedAt: 42n, receipts: [receipt({ n: 1 }), receipt({ n: 2 })] });
    await expect(setup({ node }).analyze()).resolves.toMatchObject({
      address: null,
      block: 42,
      transaction: null,
      source: 'node_history',
      balanceSharePercent: null,
    });
  });

  it('asks the explorer when the node has no historical state, and answers unknown when neither knows', async () => {
    const pruned = () => new FakeNode({ head: 100n, deployedAt: 42n, receipts: [], history: false });
    const explorer = new FakeExplorer({ creator: DEPLOYER, transaction: tx(9), block: 41 });
    await expect(setup({ node: pruned(), explorer }).analyze()).resolves.toMatchObject({
      address: DEPLOYER,
      block: 41,
      transaction: tx(9),
      factory: null,
      source: 'explorer',
    });
    const node = pruned();
    const { analyze } = setup({ node });
    await expect(analyze()).resolves.toEqual({
      address: null,
      block: null,
      transaction: null,
      factory: null,
      source: 'unknown',
      balanceSharePercent: null,
      otherTokens: [],
    });
    const calls = node.getCodeCalls;
    await expect(analyze()).resolves.toMatchObject({ source: 'unknown' });
    expect(node.getCodeCalls).toBe(calls);
  });

  it('makes no eth_getCode call past its budget: too small a budget goes to the explorer', async () => {
    const node = new FakeNode({ head: 1_000_000n, deployedAt: 5n, receipts: [] });
    await expect(setup({ node, budget: 10 }).analyze()).resolves.toMatchObject({ source: 'unknown' });
    expect(node.getCodeCalls).toBe(0);
  });

  it('looks a token up once: a creation found is kept, and one in a stored report is not searched again', async () => {
    const node = new FakeNode({
      head: 1_000n,
      deployedAt: 349n,
      receipts: [receipt({ n: 2, from: DEPLOYER, to: null, contractAddress: TOKEN })],
    });
    const { analyze } = setup({ node });
    await analyze();
    const calls = node.getCodeCalls;
    await analyze();
    expect(node.getCodeCalls).toBe(calls);

    const stored: StoredCreation = {
      address: DEPLOYER,
      block: 7,
      transaction: tx(7),
      factory: null,
      source: 'node_history',
      balanceSharePercent: 1,
      otherTokens: [],
    };
    const fresh = new FakeNode({ head: 1_000n, deployedAt: 349n, receipts: [] });
    await expect(setup({ node: fresh, rows: new FakeReportRows([stored]) }).analyze()).resolves.toMatchObject({
      address: DEPLOYER,
      block: 7,
      source: 'node_history',
    });
    expect(fresh.getCodeCalls).toBe(0);
  });

  it("lists the creator's other scanned tokens with their grades and the chain id their report names, leaving out rows it cannot read", async () => {
    const node = new FakeNode({
      head: 10n,
      deployedAt: 3n,
      receipts: [receipt({ n: 2, from: DEPLOYER, to: null, contractAddress: TOKEN })],
    });
    const scannedAt = new Date('2026-11-21T12:00:00.000Z');
    const rows = new FakeReportRows(
      [],
      [
        {
          chain: 'devnet',
          chainId: 31337,
          address: OTHER.toLowerCase(),
          grade: 'C',
          serviceScore: 55,
          createdAt: scannedAt,
        },
        {
          chain: 'solana',
          chainId: 101,
          address: OTHER.toLowerCase(),
          grade: 'A',
          serviceScore: 90,
          createdAt: scannedAt,
        },
        // A report stored before reports named their chain id: the chain's as served now.
        {
          chain: 'eth',
          chainId: null,
          address: OTHER.toLowerCase(),
          grade: 'B',
          serviceScore: 70,
          createdAt: scannedAt,
        },
      ],
    );
    const section = await setup({ node, rows }).analyze();
    const scanned = { address: getAddress(OTHER), scannedAt: '2026-11-21T12:00:00.000Z' };
    expect(section.otherTokens).toEqual([
      { chain: 'devnet', chainId: 31337, grade: 'C', serviceScore: 55, ...scanned },
      { chain: 'eth', chainId: 1, grade: 'B', serviceScore: 70, ...scanned },
    ]);
  });
});
