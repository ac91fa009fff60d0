import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readManifest } from '../devnet';
import { EXIT, run } from '../packages/cli/src/main';
import { keyOfPlan } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';
import { ensureBuilt } from './support/build';

const manifest = readManifest();
const root = join(__dirname, '..');

/** Runs `tas …` in process; answers its exit code and what it printed. */
async function tas(args: string[], env: Record<string, string>, tty = false) {
  const stdout = Object.assign(new PassThrough(), { isTTY: tty });
  const stderr = Object.assign(new PassThrough(), { isTTY: tty });
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (c: Buffer) => out.push(c.toString()));
  stderr.on('data', (c: Buffer) => err.push(c.toString()));
  const code = await run(args, { stdout, stderr, env });
  return { code, out: out.join(''), err: err.join('') };
}

/** The shell assignments `tas wallet …` prints for `eval`, as a record. */
function assignments(out: string): Record<string, string> {
  const pairs = out
    .trim()
    .split('\n')
    .map((line) => /^(?:export )?([A-Z_]+)=([\w+/=]+)$/.exec(line))
    .map((m) => {
      if (!m) throw new Error(`not a shell assignment in ${JSON.stringify(out)}`);
      return [m[1], m[2]] as const;
    });
  return Object.fromEntries(pairs);
}

describe('The CLI (packages/cli: tas)', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    t = await bootTestApp({ env: { KEY_ISSUES_PER_IP_PER_HOUR: '1000' } });
    await t.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    env = { TAS_URL: url, TAS_API_KEY: await keyOfPlan(t, 'team'), NO_COLOR: '1' };
    dir = await mkdtemp(join(tmpdir(), 'tas-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  it('prints the devnet honeypot F grade with its cannot-sell verdict and fails a --fail-under C pipeline', async () => {
    const r = await tas(['scan', manifest.tokens.honeypot.address, '--chain', '31337', '--fail-under', 'C'], env);
    expect(r.code).toBe(EXIT.verdict);
    expect(r.out).toMatch(/Grade F {2}score \d+\/100 {2}🔴 VERY HIGH RISK/);
    expect(r.out).toMatch(/Honeypot: 🚨 /);
    expect(r.out).toContain(`${manifest.tokens.honeypot.address} on Local devnet (chain 31337)`);
  });

  it('passes a clean token under --fail-under C, and prints JSON that is the API answer with --json', async () => {
    const text = await tas(['scan', manifest.tokens.clean.address, '--fail-under', 'C'], env);
    expect(text.code).toBe(EXIT.ok);
    expect(text.out).toMatch(/Grade (A\+|A|B) /);
    // Asked on the default chain, eth: named as the devnet that serves it, never Ethereum (chain 1).
    expect(text.out).toContain(`${manifest.tokens.clean.address} on Local devnet (chain 31337)`);
    expect(text.out).not.toMatch(/Ethereum|\(chain 1\)/);
    const json = await tas(['scan', manifest.tokens.clean.address, '--json'], env);
    expect(json.code).toBe(EXIT.ok);
    expect(JSON.parse(json.out)).toMatchObject({
      success: true,
      data: { token_info: { contract_address: manifest.tokens.clean.address } },
    });
  });

  it('scans a file of tokens in one batch, in order, with the failures named, and exits on the worst verdict', async () => {
    const file = join(dir, 'tokens.txt');
    await writeFile(
      file,
      [`# watch list`, manifest.tokens.clean.address, `${manifest.tokens.honeypot.address} eth`, '0x1234', ''].join(
        '\n',
      ),
    );
    const r = await tas(['scan', '--file', file, '--json'], env);
    expect(r.code).toBe(EXIT.failed);
    const { results } = JSON.parse(r.out) as {
      results: Array<{ index: number; success: boolean; contract_address: string }>;
    };
    expect(results.map((x) => [x.index, x.success, x.contract_address])).toEqual([
      [0, true, manifest.tokens.clean.address],
      [1, true, manifest.tokens.honeypot.address],
      [2, false, '0x1234'],
    ]);
    const gated = await tas(['scan', '--file', file, '--fail-under', 'D'], env);
    expect(gated.code).toBe(EXIT.verdict);
    expect(gated.out).toMatch(/Failed 0x1234 on eth: /);
  });

  it('requests a key (shown once, with a warning) and reads its usage and validity', async () => {
    const issued = await tas(
      ['key', 'request', '--name', 'CLI test', '--email', 'cli@example.com', '--usage', 'testing the CLI', '--json'],
      { ...env, TAS_API_KEY: '' },
    );
    expect(issued.code).toBe(EXIT.ok);
    const key = JSON.parse(issued.out).data.api_key as string;
    expect(key).toMatch(/^ta_[0-9a-f]{64}$/);
    const text = await tas(
      ['key', 'request', '--name', 'CLI test', '--email', 'cli@example.com', '--usage', 'testing the CLI'],
      env,
    );
    expect(text.out).toMatch(/Shown only once/);

    const keyed = { ...env, TAS_API_KEY: key };
    await tas(['scan', manifest.tokens.clean.address], keyed);
    const usage = await tas(['usage'], keyed);
    expect(usage.code).toBe(EXIT.ok);
    expect(usage.out).toMatch(/Calls: [1-9]\d* in all/);
    const valid = await tas(['key', 'validate'], keyed);
    expect(valid.out).toMatch(/^Valid free key/);
  });

  it('watches a token, lists its watches and alerts, and deletes the watch; a second watch of it is refused (exit 3)', async () => {
    const clean = manifest.tokens.clean.address;
    const created = await tas(['watch', clean, '--json'], env);
    expect(created.code).toBe(EXIT.ok);
    const id = JSON.parse(created.out).data.id as string;
    expect((await tas(['watch', clean], env)).code).toBe(EXIT.failed);
    const listed = await tas(['watch', 'list'], env);
    expect(listed.out).toMatch(/^1 of 2500 watches\n/);
    expect(listed.out).toContain(`${id} ${clean.toLowerCase()} on eth: grade `);
    const alerts = await tas(['watch', 'alerts'], env);
    expect(alerts).toMatchObject({
      code: EXIT.ok,
      out: expect.stringMatching(/^0 alert\(s\); next: tas watch alerts --after 0\n$/),
    });
    expect(await tas(['watch', 'delete', id], env)).toMatchObject({ code: EXIT.ok, out: `Deleted watch ${id}\n` });
    expect((await tas(['watch', 'delete', id], env)).code).toBe(EXIT.failed);
    expect((await tas(['watch'], env)).code).toBe(EXIT.usage);
  });

  it('says what is wrong with a bad command line (exit 2) or a refused call (exit 3)', async () => {
    expect((await tas(['scan'], env)).code).toBe(EXIT.usage);
    expect((await tas(['scan', '0x1', '--fail-under', 'Z'], env)).err).toMatch(
      /--fail-under must be one of A\+, A, B, C, D, F/,
    );
    expect((await tas(['frobnicate'], env)).code).toBe(EXIT.usage);
    const missing = await tas(['scan', '--file', join(dir, 'absent.txt')], env);
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.err).toMatch(/cannot read .*absent\.txt: ENOENT/);
    expect((await tas(['usage'], { ...env, TAS_API_KEY: '' })).err).toMatch(/no API key/);
    const refused = await tas(['scan', '0x1234'], env);
    expect(refused.code).toBe(EXIT.failed);
    expect(refused.err).toMatch(/contract address/i);
    const unknownKey = await tas(['usage'], { ...env, TAS_API_KEY: `ta_${'0'.repeat(64)}` });
    expect(unknownKey.code).toBe(EXIT.failed);
    expect(unknownKey.err).toMatch(/Invalid API key/);
  });

  describe('wallet proofs (tas wallet sign), taken by the service once each', () => {
    /** GET `path` on the service the CLI talks to, as curl would, with the proof headers it printed. */
    const get = (path: string, proof: Record<string, string>) =>
      fetch(`${env.TAS_URL}${path}`, {
        headers: { 'X-Wallet-Message': proof.WALLET_MESSAGE, 'X-Wallet-Signature': proof.WALLET_SIGNATURE },
      });

    it('signs a new nonce for a demo wallet named in --wallet; the proof opens /user/keys once, then is 401', async () => {
      const staker = manifest.wallets.find((w) => w.name === 'staker1')!;
      const signed = await tas(['wallet', 'sign', '--wallet', 'staker1'], env);
      expect(signed.code).toBe(EXIT.ok);
      const proof = assignments(signed.out);
      expect(Object.keys(proof)).toEqual(['WALLET', 'WALLET_MESSAGE', 'WALLET_SIGNATURE']);
      expect(proof.WALLET).toBe(staker.address);
      expect(signed.err).toMatch(/single-use/);

      const first = await get(`/scanner/api/v1/user/keys?wallet=${proof.WALLET}`, proof);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({
        success: true,
        wallet: staker.address.toLowerCase(),
        keys: [],
      });
      const replayed = await get(`/scanner/api/v1/user/keys?wallet=${proof.WALLET}`, proof);
      expect(replayed.status).toBe(401);
      expect(await replayed.json()).toMatchObject({ message: expect.stringMatching(/already used/) });
    });

    it('makes a new wallet (tas wallet new) that gets a test key and signs with TAS_PRIVATE_KEY', async () => {
      const made = await tas(['wallet', 'new'], env);
      expect(made.code).toBe(EXIT.ok);
      const wallet = assignments(made.out);
      expect(Object.keys(wallet)).toEqual(['WALLET', 'TAS_PRIVATE_KEY']);
      expect(made.out).toContain(`export TAS_PRIVATE_KEY=${wallet.TAS_PRIVATE_KEY}`);
      expect(privateKeyToAccount(wallet.TAS_PRIVATE_KEY as Hex).address).toBe(wallet.WALLET);
      const again = assignments((await tas(['wallet', 'new'], env)).out);
      expect(again.WALLET).not.toBe(wallet.WALLET);

      const issued = await fetch(`${env.TAS_URL}/scanner/api/v1/generate-test-key`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ wallet: wallet.WALLET }),
      });
      expect(issued.status).toBe(201);

      const signed = await tas(['wallet', 'sign', '--json'], { ...env, TAS_PRIVATE_KEY: wallet.TAS_PRIVATE_KEY });
      expect(signed.code).toBe(EXIT.ok);
      const json = JSON.parse(signed.out) as { wallet: string; headers: Record<string, string> };
      expect(json.wallet).toBe(wallet.WALLET);
      const stats = await get(`/scanner/api/v1/user/wallet-stats?wallet=${wallet.WALLET}`, {
        WALLET_MESSAGE: json.headers['X-Wallet-Message'],
        WALLET_SIGNATURE: json.headers['X-Wallet-Signature'],
      });
      expect(stats.status).toBe(200);
      expect(await stats.json()).toMatchObject({
        wallet: wallet.WALLET.toLowerCase(),
        stats: { keys: 1, active_keys: 1 },
      });
    });

    it('signs a given --message: the nonce message fetched by hand is accepted', async () => {
      const payer = manifest.wallets.find((w) => w.name === 'payer1')!;
      const grant = (await (
        await fetch(`${env.TAS_URL}/scanner/api/v1/auth/nonce?wallet=${payer.address}`)
      ).json()) as { message: string };
      const signed = await tas(['wallet', 'sign', '--wallet', 'payer1', '--message', grant.message], env);
      const proof = assignments(signed.out);
      expect(Buffer.from(proof.WALLET_MESSAGE, 'base64').toString()).toBe(grant.message);
      expect((await get(`/scanner/api/v1/user/keys?wallet=${payer.address}`, proof)).status).toBe(200);
    });

    it('says which wallets it knows when the choice is wrong (exit 2)', async () => {
      const unknown = await tas(['wallet', 'sign', '--wallet', 'nobody'], env);
      expect(unknown.code).toBe(EXIT.usage);
      expect(unknown.err).toMatch(/no demo wallet "nobody" \(one of deployer, payer1, /);
      const none = await tas(['wallet', 'sign'], env);
      expect(none.code).toBe(EXIT.usage);
      expect(none.err).toMatch(/TAS_PRIVATE_KEY/);
      const bad = await tas(['wallet', 'sign'], { ...env, TAS_PRIVATE_KEY: '0x1234' });
      expect(bad.code).toBe(EXIT.usage);
      expect((await tas(['wallet', 'frobnicate'], env)).code).toBe(EXIT.usage);
    });
  });

  it('shows a spinner on a terminal while it waits, and nothing of it in --json output', async () => {
    const r = await tas(['scan', manifest.tokens.clean.address], { ...env, CI: '' }, true);
    expect(r.err).toContain('Scanning');
    const json = await tas(['scan', manifest.tokens.clean.address, '--json'], env, true);
    expect(json.err).toBe('');
  });

  it('runs as `tas` from its bin once built', async () => {
    await ensureBuilt();
    const child = promisify(execFile)(
      process.execPath,
      [join(root, 'packages/cli/bin/tas.js'), 'scan', manifest.tokens.honeypot.address, '--fail-under', 'C'],
      { env: { ...process.env, ...env } },
    );
    await expect(child).rejects.toMatchObject({ code: EXIT.verdict, stdout: expect.stringMatching(/Grade F/) });
  });
});
