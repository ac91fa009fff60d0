import { encodeFunctionData, parseAbi, type Hex } from 'viem';
import { readManifest } from '../devnet';
import { sql } from './support/keys';
import { bootScanningApp } from './support/scanning-app';
import type { TestApp } from './support/test-app';

const manifest = readManifest();
const deployer = manifest.wallets.find((w) => w.roles.includes('deployer'))!.address;
// Two tokens the deployer wallet deployed itself, in the block the manifest records.
const first = manifest.backdoors.admin_slot;
const second = manifest.backdoors.role_map;
const ERC20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
]);

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(process.env.TEST_DEVNET_RPC_URL!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
}

async function read(token: string, data: Hex): Promise<bigint> {
  return BigInt(await rpc<Hex>('eth_call', [{ to: token, data }, 'latest']));
}

/** The deployer's share of the supply now, percent, to four decimals (as the service computes it). */
async function deployerShare(token: string): Promise<number> {
  const balance = await read(token, encodeFunctionData({ abi: ERC20, functionName: 'balanceOf', args: [deployer] }));
  const supply = await read(token, encodeFunctionData({ abi: ERC20, functionName: 'totalSupply' }));
  return Number((balance * 1_000_000n) / supply) / 10_000;
}

describe("A token's creator on the devnet (A, B and C)", () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => ({ t, key } = await bootScanningApp()));
  afterAll(() => t.close());

  const scanA = (address: string) =>
    t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: address, features: ['security'], cache_ttl: 0 });

  /** The report cache is written just after the answer; the next scan reads it. */
  async function stored(address: string): Promise<void> {
    for (let i = 0; i < 50; i += 1) {
      const rows = await sql(t, 'SELECT 1 FROM report_cache WHERE address = $1', [address.toLowerCase()]);
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no stored report of ${address}`);
  }

  // A freshly built devnet serves its history (node_history); one loaded from its saved world serves no
  // state before the load, and its explorer adapter (an index of its blocks' receipts) answers instead.
  it("names the deployer wallet and the manifest's deploy block, with the deploying transaction", async () => {
    const res = await scanA(first.address).expect(200);
    const creator = res.body.data.creator;
    expect(creator).toEqual({
      address: deployer,
      block: first.deployBlock,
      transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      factory: null,
      source: expect.stringMatching(/^(node_history|explorer)$/),
      balance_share_percent: await deployerShare(first.address),
      other_tokens: [],
    });
    const receipt = await rpc<{ contractAddress: string; from: string; blockNumber: Hex }>(
      'eth_getTransactionReceipt',
      [creator.transaction],
    );
    expect({
      contract: receipt.contractAddress.toLowerCase(),
      from: receipt.from.toLowerCase(),
      block: Number(receipt.blockNumber),
    }).toEqual({
      contract: first.address.toLowerCase(),
      from: deployer.toLowerCase(),
      block: first.deployBlock,
    });
    expect(creator.balance_share_percent).toBeGreaterThan(0);
  });

  it('lists the first token, with the grade it was given, among the other tokens of the second one’s creator on A, B and C', async () => {
    const firstScan = await scanA(first.address).expect(200);
    await stored(first.address);
    const listed = [
      {
        address: first.address,
        chain: 'eth',
        chain_id: 31337,
        grade: firstScan.body.data.grade,
        service_score: firstScan.body.data.service_score,
        scanned_at: expect.any(String),
      },
    ];

    const a = await scanA(second.address).expect(200);
    expect(a.body.data.creator).toMatchObject({
      address: deployer,
      block: second.deployBlock,
      source: expect.stringMatching(/^(node_history|explorer)$/),
      other_tokens: listed,
    });

    const b = await t.http
      .post('/scanner/api/v1/token/analyze')
      .set('Authorization', `Bearer ${key}`)
      .send({ contract_address: second.address })
      .expect(200);
    expect(b.body.analysis_details.creator).toMatchObject({
      address: deployer,
      block: second.deployBlock,
      source: expect.stringMatching(/^(node_history|explorer)$/),
      other_tokens: listed,
    });

    const c = await t.http.get(`/v1/analyze/token/${second.address}`).set('Authorization', `Bearer ${key}`).expect(200);
    expect(c.body.creator).toMatchObject({
      address: deployer,
      block: second.deployBlock,
      source: expect.stringMatching(/^(node_history|explorer)$/),
      other_tokens: listed,
    });
  });
});
