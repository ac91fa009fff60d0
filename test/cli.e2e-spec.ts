import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { readManifest } from '../devnet';
import { EXIT, run } from '../packages/cli/src/main';
import { keyOfPlan } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

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
    expect(r.out).toContain('(chain 31337)');
  });

  it('passes a clean token under --fail-under C, and prints JSON that is the API answer with --json', async () => {
    const text = await tas(['scan', manifest.tokens.clean.address, '--fail-under', 'C'], env);
    expect(text.code).toBe(EXIT.ok);
    expect(text.out).toMatch(/Grade (A\+|A|B) /);
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

  it('says what is wrong with a bad command line (exit 2) or a refused call (exit 3)', async () => {
    expect((await tas(['scan'], env)).code).toBe(EXIT.usage);
    expect((await tas(['scan', '0x1', '--fail-under', 'Z'], env)).err).toMatch(
      /--fail-under must be one of A\+, A, B, C, D, F/,
    );
    expect((await tas(['frobnicate'], env)).code).toBe(EXIT.usage);
    expect((await tas(['usage'], { ...env, TAS_API_KEY: '' })).err).toMatch(/no API key/);
    const refused = await tas(['scan', '0x1234'], env);
    expect(refused.code).toBe(EXIT.failed);
    expect(refused.err).toMatch(/contract address/i);
    const unknownKey = await tas(['usage'], { ...env, TAS_API_KEY: `ta_${'0'.repeat(64)}` });
    expect(unknownKey.code).toBe(EXIT.failed);
    expect(unknownKey.err).toMatch(/Invalid API key/);
  });

  it('shows a spinner on a terminal while it waits, and nothing of it in --json output', async () => {
    const r = await tas(['scan', manifest.tokens.clean.address], { ...env, CI: '' }, true);
    expect(r.err).toContain('Scanning');
    const json = await tas(['scan', manifest.tokens.clean.address, '--json'], env, true);
    expect(json.err).toBe('');
  });

  it('runs as `tas` from its bin once built', async () => {
    await promisify(execFile)(join(root, 'node_modules/.bin/tsc'), ['-p', join(root, 'packages/cli/tsconfig.json')]);
    const child = promisify(execFile)(
      process.execPath,
      [join(root, 'packages/cli/bin/tas.js'), 'scan', manifest.tokens.honeypot.address, '--fail-under', 'C'],
      { env: { ...process.env, ...env } },
    );
    await expect(child).rejects.toMatchObject({ code: EXIT.verdict, stdout: expect.stringMatching(/Grade F/) });
  });
});
