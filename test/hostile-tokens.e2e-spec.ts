import { join } from 'node:path';
import type { Hex } from 'viem';
import { readManifest } from '../devnet';
import { compileContracts } from '../devnet/compile';
import { PROXY_SLOTS } from '../src/analysis/contract/proxy-detector';
import { isNotFoundEnvelope } from './support/envelopes';
import { deployOnDevnet, fundDeployer, listOnDevnet } from './support/listing';
import { bootScanningApp } from './support/scanning-app';
import type { TestApp } from './support/test-app';

/** One JSON-RPC call to the test devnet. */
async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(process.env.TEST_DEVNET_RPC_URL!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

/** Answers `word` (hex, one byte) as a 32-byte word to any call: `PUSH1 word PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN`. */
const ANSWER_ONE = '0x600160005260206000f3';
/** name(), symbol() and decimals() loop for ever; every other call answers 1 (a balanceOf that answers: a token). */
const LOOPING_METADATA = `0x${[
  '60003560e01c', // selector
  '806306fdde0314602e57', // name() -> loop
  '806395d89b4114602e57', // symbol() -> loop
  '8063313ce56714602e57', // decimals() -> loop
  '600160005260206000f3', // answer 1
  '5b602e56', // 0x2e: JUMPDEST PUSH1 0x2e JUMP
].join('')}` as Hex;

/** An EIP-1967 proxy: copies the calldata, delegates to the address in the implementation slot, returns what it answered. */
const PROXY = `0x366000600037600060003660007f${PROXY_SLOTS.eip1967.slice(2)}545af43d600060003e3d6000f3` as Hex;

/** The token's security as A's scan, B's security feature and C's contract analysis answer it. */
async function scanEverySurface(t: TestApp, key: string, address: string) {
  const a = await t.http
    .post('/api/v1/token/scan')
    .set('X-Service-API-Key', key)
    .send({ contract_address: address, features: ['security'] });
  const b = await t.http
    .post('/scanner/api/v1/features/security')
    .set('Authorization', `Bearer ${key}`)
    .send({ contract_address: address });
  const c = await t.http.get(`/v1/analyze/contract/${address}`).set('Authorization', `Bearer ${key}`);
  return { a, b, c };
}

/** What a scan of a hostile code answers: a report, or "not a token" where its views cannot answer within bounds. */
type Outcome = 'report' | 'not_a_token';

/** Self-written hostile codes, each a few bytes: what they do to whoever calls them, and what a scan must answer. */
const HOSTILE: [string, Hex, Outcome][] = [
  // Each view read burns the gas it is given and no more; without a balanceOf that answers it is no token.
  ['loops in every function', '0x5b600056', 'not_a_token'],
  ['loops in name(), symbol() and decimals() and answers everything else', LOOPING_METADATA, 'report'],
  // A megabyte costs more memory gas than a view read is given: that read fails, the others stand.
  ['returns 1 MB to every call', '0x621000006000f3', 'not_a_token'],
  ['reverts with 1 MB', '0x621000006000fd', 'not_a_token'],
  ['answers 1 to everything', ANSWER_ONE, 'report'],
  // Its implementation slot holds its own address: every call delegates to itself until the gas runs out.
  ['a proxy pointing to itself', PROXY, 'not_a_token'],
  // Its implementation holds no code (self-destructed, or never deployed): every call answers nothing.
  ['a proxy whose implementation has no code', PROXY, 'not_a_token'],
  // The largest code a contract may have, all JUMPDEST: every jump destination analysis meets its worst case.
  ['24 KB of JUMPDEST', `0x${'5b'.repeat(24_576)}`, 'not_a_token'],
];

describe('hostile codes through every surface: answered in the envelope, never a 500', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => ({ t, key } = await bootScanningApp()));
  afterAll(() => t.close());

  it.each(
    HOSTILE.map(([what, code, outcome], i) => [
      what,
      code,
      outcome,
      `0x${(0xb057e000 + i).toString(16).padStart(40, '0')}`,
    ]),
  )('%s', async (what, code, outcome, address) => {
    await rpc('anvil_setCode', [address, code]);
    if (code === PROXY) {
      // The first proxy points at itself, the second at an address without code.
      const target = what.includes('itself') ? address.slice(2) : 'dead0000000000000000000000000000000dead01';
      await rpc('anvil_setStorageAt', [address, PROXY_SLOTS.eip1967, `0x${target.padStart(64, '0')}`]);
    }
    const { a, b, c } = await scanEverySurface(t, key, address);

    if (outcome === 'not_a_token') {
      expect([a.status, b.status, c.status]).toEqual([404, 404, 404]);
      expect([
        isNotFoundEnvelope('A', a.body),
        isNotFoundEnvelope('B', b.body),
        isNotFoundEnvelope('C', c.body),
      ]).toEqual([true, true, true]);
      return;
    }
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(a.body.data.analysis.security.malicious_functions).toEqual(expect.any(Array));
    expect(a.body.data.token_info.name).toEqual(expect.any(String));
  });
});

/** Honeypots that tell a simulation from a real trade, and a token that only reads the same variables. */
describe('simulation evasion through every surface', () => {
  const compiled = compileContracts(join(__dirname, '../.data/solc-cache'));
  let t: TestApp;
  let key: string;
  beforeAll(async () => ({ t, key } = await bootScanningApp()));
  afterAll(() => t.close());

  it.each([
    ['CoinbaseTrapToken', 1],
    ['GasPriceTrapToken', 1],
    ['ContextLoggingToken', 0],
  ] as const)('%s: environment_dependent findings %d', async (contract, count) => {
    const address = `0x${(0xe5c0de00 + Object.keys(compiled.contracts).indexOf(contract)).toString(16).padStart(40, '0')}`;
    await rpc('anvil_setCode', [address, compiled.contracts[contract].deployedBytecode]);
    const a = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: address, features: ['security'] })
      .expect(200);
    const c = await t.http.get(`/v1/analyze/contract/${address}`).set('Authorization', `Bearer ${key}`).expect(200);

    const found = (
      a.body.data.analysis.security.malicious_functions as { kind: string; function: string; risk: string }[]
    ).filter((f) => f.kind === 'environment_dependent');
    expect(found).toHaveLength(count);
    if (count) {
      expect(found[0]).toMatchObject({
        function: 'transfer(address,uint256)',
        risk: expect.stringMatching(/a simulation in one block passes while a real trade in the other is refused/),
      });
      expect((c.body.functions as { capability: string | null }[]).map((f) => f.capability)).toContain(
        'environment_dependent',
      );
    }
  });
});

/** A token `list` deploys and lists inside a devnet snapshot (reverted after), and the app that scans it. */
function listedInSnapshot(list: () => Promise<string>): { t: TestApp; key: string; token: string } {
  const ctx = {} as { t: TestApp; key: string; token: string };
  let snapshot: unknown;
  beforeAll(async () => {
    ({ t: ctx.t, key: ctx.key } = await bootScanningApp());
    snapshot = await rpc('evm_snapshot', []);
    await fundDeployer();
    ctx.token = await list();
  });
  afterAll(async () => {
    await rpc('evm_revert', [snapshot]);
    await ctx.t.close();
  });
  return ctx;
}

/** A token whose transfer out of a pool re-enters the router mid-swap, listed on a V2 pair inside a snapshot. */
describe('a transfer hook that re-enters the router during the trade simulation', () => {
  const ctx = listedInSnapshot(() =>
    listOnDevnet('ReentrantHookToken', { types: ['address'], values: [readManifest().contracts.UniswapV2Router02] }),
  );

  it('answers on A, B and C, never as safe: the buy the pool refuses is not a failed scan', async () => {
    const { a, b, c } = await scanEverySurface(ctx.t, ctx.key, ctx.token);

    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    // No buy goes through (the pool's lock refuses the re-entry): never read as safe.
    expect(a.body.data.analysis.security.honeypot_risk).not.toBe('✅ SAFE');
    expect(c.body.trading.is_honeypot).not.toBe(false);
    // The engine names why: a sender with code (the pool) makes the transfer call out and revert.
    expect(
      (a.body.data.analysis.security.malicious_functions as { kind: string; risk: string }[]).find(
        (f) => f.kind === 'environment_dependent',
      )?.risk,
    ).toMatch(/msg\.sender\.code/);
  });
});

/** A token whose logic is replaced within the transaction that buys it, listed on a V2 pair inside a snapshot. */
describe('a token that changes its logic during the scanned trade', () => {
  const ctx = listedInSnapshot(async () => {
    const [open, closed] = [await deployOnDevnet('MorphLogicOpen'), await deployOnDevnet('MorphLogicClosed')];
    return listOnDevnet('MorphingToken', {
      types: ['address', 'address', 'uint256'],
      values: [open, closed, 10n ** 27n],
    });
  });

  it('answers on A, B and C in the envelope: bought under one logic, refused under the next', async () => {
    const { a, b, c } = await scanEverySurface(ctx.t, ctx.key, ctx.token);

    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(a.body.data.analysis.security.proxy_contract).toBe(true);
    expect(a.body.data.analysis.security.honeypot_risk).toBe('🚨 HONEYPOT');
    expect(c.body.trading).toMatchObject({ is_honeypot: true, honeypot_reason: expect.stringMatching(/closed/) });
  });
});
