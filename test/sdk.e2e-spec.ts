import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { readManifest } from '../devnet';
import {
  analyzeContract,
  analyzeToken,
  createTokenAnalysisClient,
  isScanJob,
  getAccount,
  getScanJob,
  getScannerJob,
  getUsageStats,
  jobIdOf,
  requestApiKey,
  scanToken,
  signUp,
  validateApiKey,
} from '../packages/sdk/src';
import { ensureBuilt } from './support/build';
import { bootTestApp, TestApp } from './support/test-app';

const run = promisify(execFile);
const root = join(__dirname, '..');
const sdkDir = join(root, 'packages/sdk');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

async function filesUnder(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return new Map(await Promise.all(files.map(async (f) => [relative(dir, f), await readFile(f, 'utf8')] as const)));
}

describe('The SDK (packages/sdk)', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await bootTestApp({ env: { KEY_ISSUES_PER_IP_PER_HOUR: '1000' } });
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('was generated from the document the service serves (run `npm run sdk:generate` when this fails)', async () => {
    const served = (await t.http.get('/v1/openapi.json').expect(200)).body;
    const checkedIn = JSON.parse(await readFile(join(sdkDir, 'openapi.json'), 'utf8'));
    expect(checkedIn).toEqual(served);
  });

  it('holds exactly what the generator makes of that document', async () => {
    const out = await mkdtemp(join(tmpdir(), 'sdk-'));
    try {
      await run(
        bin('openapi-ts'),
        ['-f', join(sdkDir, 'openapi-ts.config.ts'), '-i', join(sdkDir, 'openapi.json'), '-o', out],
        { cwd: sdkDir },
      );
      const [fresh, checkedIn] = await Promise.all([filesUnder(out), filesUnder(join(sdkDir, 'src/generated'))]);
      expect([...checkedIn.keys()].sort()).toEqual([...fresh.keys()].sort());
      for (const [file, text] of fresh) expect({ file, text: checkedIn.get(file) }).toEqual({ file, text });
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('compiles under tsc --strict', async () => {
    await expect(run(bin('tsc'), ['-p', join(sdkDir, 'tsconfig.json'), '--noEmit'])).resolves.toBeDefined();
  });

  it('builds (npm run build) into the dist/ its package.json names', async () => {
    const rootPackage = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      scripts: { build: string };
    };
    expect(rootPackage.scripts.build).toContain('tsc -p packages/sdk/tsconfig.json');
    await ensureBuilt();
    const sdkPackage = JSON.parse(await readFile(join(sdkDir, 'package.json'), 'utf8')) as {
      main: string;
      types: string;
      exports: { '.': { types: string; default: string } };
    };
    const entries = [sdkPackage.main, sdkPackage.types, sdkPackage.exports['.'].types, sdkPackage.exports['.'].default];
    for (const entry of entries)
      expect({ entry, built: existsSync(join(sdkDir, entry)) }).toEqual({ entry, built: true });
    // Both READMEs' snippets import it as written and run: test/docs.e2e-spec.ts runs them.
  });

  it('runs a whole flow on surfaces A and B: a key, a scan, an analysis, the usage', async () => {
    const token = readManifest().tokens.clean.address;
    const open = createTokenAnalysisClient({ baseUrl });
    const issued = await requestApiKey({
      client: open,
      body: { client_name: 'SDK test', email: 'sdk@example.com', intended_usage: 'testing the SDK' },
      throwOnError: true,
    });
    const apiKey = issued.data.data.api_key;
    expect(apiKey).toMatch(/^ta_[0-9a-f]{64}$/);

    const client = createTokenAnalysisClient({ baseUrl, apiKey });
    const validated = await validateApiKey({ client, throwOnError: true });
    expect(validated.data.data).toMatchObject({ valid: true, tier: 'free' });

    const scan = await scanToken({ client, body: { contract_address: token, chain: 'eth' }, throwOnError: true });
    if (isScanJob(scan.data)) throw new Error('a synchronous scan answered a job');
    expect(scan.data.data.token_info).toMatchObject({
      contract_address: token,
      chain: 'Local devnet',
      chain_id: 31337,
    });
    expect(scan.data.data.grade).toMatch(/^(A\+|A|B)$/);

    const analysis = await analyzeToken({ client, body: { contract_address: token }, throwOnError: true });
    if (isScanJob(analysis.data)) throw new Error('a synchronous analysis answered a job');
    expect(analysis.data.success).toBe(true);

    const usage = await getUsageStats({ client, throwOnError: true });
    expect(usage.data.stats.total_calls).toBeGreaterThanOrEqual(2);
  });

  it("names a job by its job_id through each surface's envelope (A's data, B's flat body), and its GET answers in the same one", async () => {
    const token = readManifest().tokens.clean.address;
    const issued = await requestApiKey({
      client: createTokenAnalysisClient({ baseUrl }),
      body: { client_name: 'SDK jobs', email: 'sdk@example.com', intended_usage: 'testing jobs' },
      throwOnError: true,
    });
    const client = createTokenAnalysisClient({ baseUrl, apiKey: issued.data.data.api_key });

    const scan = await scanToken({ client, body: { contract_address: token, async: true }, throwOnError: true });
    expect(scan.response.status).toBe(202);
    if (!isScanJob(scan.data)) throw new Error('an async scan answered a report');
    const id = scan.data.data.job_id;
    expect(jobIdOf(scan.data)).toBe(id);
    const job = await getScanJob({ client, path: { id }, throwOnError: true });
    expect(job.data).toMatchObject({ success: true, data: { job_id: id, contract_address: token } });
    expect(isScanJob(job.data)).toBe(true);

    const analysis = await analyzeToken({ client, body: { contract_address: token, async: true }, throwOnError: true });
    expect(analysis.response.status).toBe(202);
    if (!isScanJob(analysis.data)) throw new Error('an async analysis answered a report');
    expect(jobIdOf(analysis.data)).toBe(analysis.data.job_id);
    const scannerJob = await getScannerJob({ client, path: { id: analysis.data.job_id }, throwOnError: true });
    expect(scannerJob.data).toMatchObject({ success: true, job_id: analysis.data.job_id });

    const report = await scanToken({ client, body: { contract_address: token }, throwOnError: true });
    expect(isScanJob(report.data)).toBe(false);
    expect(jobIdOf(report.data)).toBeUndefined();
  });

  it('runs surface C with its own key: sign-up, account, a contract analysis', async () => {
    const token = readManifest().tokens.honeypot.address;
    const signedUp = await signUp({
      client: createTokenAnalysisClient({ baseUrl }),
      body: { email: 'sdk@example.com' },
      throwOnError: true,
    });
    expect(signedUp.data.tier).toBe('free');
    const client = createTokenAnalysisClient({ baseUrl, apiKey: signedUp.data.api_key });
    const account = await getAccount({ client, throwOnError: true });
    expect(account.data.tier).toBe('free');
    const contract = await analyzeContract({ client, path: { address: token }, throwOnError: true });
    if (isScanJob(contract.data)) throw new Error('a synchronous analysis answered a job');
    expect(contract.data).toMatchObject({ address: token, chain_id: 31337 });
  });

  it('answers an error in the surface envelope, typed, without throwing unless asked', async () => {
    const client = createTokenAnalysisClient({ baseUrl, apiKey: `ta_${'0'.repeat(64)}` });
    const answer = await scanToken({ client, body: { contract_address: readManifest().tokens.clean.address } });
    expect(answer.response?.status).toBe(401);
    expect(answer.error).toMatchObject({ success: false, error: { code: 401, type: 'authentication_error' } });
  });
});
