import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from './support/build';
import { freePort } from './support/devnet-chain';
import { docBlocks, runnable, type DocBlock } from './support/doc-blocks';
import { DriftChecker } from './support/drift-gate';
import { RecordingProxy, type Exchange } from './support/recording-proxy';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { until } from './support/until';

/**
 * Docs that run: every shell block of the README, of docs/*.md and of the SDK's README is run as a
 * reader runs it — in order, in one shell session per document (variables carry from block to
 * block), from the repository root — against the service started the README's way (`npm start`:
 * the build, then `node dist/src/main.js`, on its embedded defaults) on a scratch port, behind a
 * proxy that keeps every answer. A block passes when it exits 0, writes nothing to stderr, prints
 * what its `doc-test: stdout` comments say, and every answer it got is a success the OpenAPI
 * document describes (status and body). The README's examples run twice, as a reader who runs them
 * again would. The service is started with WEBHOOK_ALLOW_PRIVATE=true, as the README's webhook
 * example says to (its receiver is on this machine).
 */

const root = join(__dirname, '..');
const DOCS = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
  'packages/sdk/README.md',
];
const DOCUMENTED_URL = 'http://127.0.0.1:3000';
const BLOCK_LIMIT_MS = 180_000;

const blocksOf = (file: string) => docBlocks(file, readFileSync(join(root, file), 'utf8'));

interface BlockRun {
  code: number | null;
  stdout: string;
  stderr: string;
  exchanges: Exchange[];
}

/**
 * Lines of stderr that are no failure: npm's notices about itself, and the notes `tas` writes for the
 * reader beside what it prints for `eval` (shell comments, `# …`, on stderr so `eval` never sees them).
 */
const NOISE = /^(npm (warn|notice)\b|# )/;

describe("Docs that run: every example of the README, docs/ and the SDK's README, against the service started the README's way", () => {
  let db: TestDatabase;
  let dataDir: string;
  let shellDir: string;
  let service: ChildProcess;
  let serviceLog = '';
  let proxy: RecordingProxy;
  let proxyUrl: string;
  let drift: DriftChecker;
  const saved = new Set<string>();
  /** The README's shell session after its last full run: where a changed block is tried. */
  let readmeState: string | undefined;

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase({ migrate: false });
    dataDir = mkdtempSync(join(tmpdir(), 'docs-data-'));
    shellDir = mkdtempSync(join(tmpdir(), 'docs-shell-'));
    const port = await freePort();
    service = spawn(process.execPath, [join(root, 'dist/src/main.js')], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        DEVNET_PORT: new URL(process.env.TEST_DEVNET_RPC_URL!).port,
        DATA_DIR: dataDir,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    service.stdout!.on('data', (c: Buffer) => (serviceLog += c.toString('utf8')));
    service.stderr!.on('data', (c: Buffer) => (serviceLog += c.toString('utf8')));
    const serviceUrl = `http://127.0.0.1:${port}`;
    await until(async () => {
      if (service.exitCode !== null) throw new Error(`the service stopped at start:\n${serviceLog}`);
      return fetch(`${serviceUrl}/health`).then(
        (r) => r.ok,
        () => false,
      );
    }, 'the service to answer /health');
    proxy = new RecordingProxy(new URL(serviceUrl));
    proxyUrl = await proxy.listen();
    drift = new DriftChecker(await (await fetch(`${serviceUrl}/v1/openapi.json`)).json());
    // curl as the reader has it, but saying why when a call cannot be made (the examples use -s).
    const curl = join(shellDir, 'bin', 'curl');
    const real = ['/usr/bin/curl', '/bin/curl'].find(existsSync) ?? 'curl';
    mkdirSync(join(shellDir, 'bin'));
    writeFileSync(curl, `#!/bin/sh\nexec ${real} -S "$@"\n`);
    chmodSync(curl, 0o755);
  }, 300_000);

  afterAll(async () => {
    for (const file of saved) rmSync(join(root, file), { force: true });
    rmSync(join(root, 'tokens.txt'), { force: true });
    await proxy?.close();
    if (service && service.exitCode === null) {
      service.kill('SIGTERM');
      await once(service, 'exit');
    }
    await db?.drop();
    for (const dir of [dataDir, shellDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** Runs one block in the document's shell session (its variables kept in `state`). */
  async function runBlock(block: DocBlock, state: string): Promise<BlockRun> {
    const code = block.code.replaceAll(DOCUMENTED_URL, proxyUrl);
    if (block.lang === 'js') {
      writeFileSync(join(root, block.saveAs!), `${code}\n`);
      saved.add(block.saveAs!);
      return { code: 0, stdout: '', stderr: '', exchanges: [] };
    }
    const script = [
      'set -a',
      `[ -f '${state}' ] && . '${state}'`,
      `cd '${root}'`,
      code,
      '__doc_rc=$?',
      `export -p > '${state}'`,
      'exit $__doc_rc',
    ].join('\n');
    const first = proxy.exchanges.length;
    const child = spawn('bash', ['--noprofile', '--norc', '-c', script], {
      cwd: root,
      env: {
        PATH: `${join(shellDir, 'bin')}:${process.env.PATH}`,
        HOME: process.env.HOME,
        LANG: 'C.UTF-8',
        TAS_URL: proxyUrl,
        DEVNET_PORT: new URL(process.env.TEST_DEVNET_RPC_URL!).port,
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), BLOCK_LIMIT_MS);
    const [exit] = (await once(child, 'close')) as [number | null];
    clearTimeout(timer);
    return { code: exit, stdout, stderr, exchanges: proxy.exchanges.slice(first) };
  }

  /** What is wrong with a block's run, or nothing. */
  function problemsOf(block: DocBlock, run: BlockRun): string[] {
    const problems: string[] = [];
    if (run.code !== 0) problems.push(`exited ${run.code}`);
    const stderr = run.stderr
      .split('\n')
      .filter((l) => l.trim() && !NOISE.test(l))
      .join('\n');
    if (stderr) problems.push(`wrote to stderr:\n${stderr}`);
    for (const re of block.stdout) if (!re.test(run.stdout)) problems.push(`printed nothing matching ${re}`);
    for (const x of run.exchanges) {
      const where = `${x.method} ${x.url} → ${x.status}`;
      if (x.status >= 400) problems.push(`${where}: ${x.body.toString('utf8').slice(0, 400)}`);
      const violation = drift.check({
        method: x.method,
        path: x.path,
        status: x.status,
        headers: x.headers,
        body: x.body,
        contentType: x.headers['content-type'],
      });
      if (violation) problems.push(`${where} differs from the OpenAPI document: ${violation.problems.join('; ')}`);
    }
    return problems;
  }

  /**
   * Runs a document's blocks in order in a fresh shell session (or a copy of `from`); answers the
   * first failure, described, and the session's state file.
   */
  async function runDocument(
    file: string,
    blocks = blocksOf(file),
    from?: string,
  ): Promise<{ failure?: string; state: string }> {
    const state = join(shellDir, `${file.replace(/\W/g, '_')}-${proxy.exchanges.length}-${Date.now()}.env`);
    if (from) copyFileSync(from, state);
    for (const block of blocks.filter(runnable)) {
      const run = await runBlock(block, state);
      const problems = problemsOf(block, run);
      if (problems.length)
        return {
          state,
          failure: [
            `${file}:${block.line} (a ${block.lang} block):`,
            ...problems.map((p) => `  - ${p}`),
            `  stdout:\n${run.stdout.slice(-3000)}`,
          ].join('\n'),
        };
    }
    return { state };
  }

  it('runs only blocks it can: every block not run says why, and every js block names its file', () => {
    const blocks = DOCS.flatMap(blocksOf);
    const unexplained = blocks.filter((b) => b.lang === 'js' && !b.saveAs && !b.skip);
    expect(unexplained.map((b) => `${b.file}:${b.line}`)).toEqual([]);
    expect(blocks.filter((b) => b.skip === 'no reason given').map((b) => `${b.file}:${b.line}`)).toEqual([]);
    // The README's flows are run, not skipped: scans, keys, jobs, the wallet proof, the purchase, the CLI, the SDK.
    const readme = blocksOf('README.md').filter(runnable);
    // What the README says a block prints is checked: the webhook's signature, the SDK's and the CLI's grades.
    expect(readme.filter((b) => b.stdout.length > 0).length).toBeGreaterThanOrEqual(3);
    const ran = readme.map((b) => b.code).join('\n');
    for (const flow of [
      '/api/v1/token/scan',
      '/scanner/api/v1/generate-test-key',
      '/scanner/api/v1/user/create-key',
      'tas wallet sign',
      'demo:purchase',
      'tas scan',
      'node scan.mjs',
      'callback_url',
      '/v1/analyze/token',
    ])
      expect({ flow, found: ran.includes(flow) }).toEqual({ flow, found: true });
  });

  it.each(DOCS)(
    '%s: every example runs as written and answers as documented',
    async (file) => {
      const { failure, state } = await runDocument(file);
      expect(failure).toBeUndefined();
      if (file === 'README.md') readmeState = state;
    },
    900_000,
  );

  it('README.md: runs again as written, as a reader who runs the examples a second time (fresh wallets, new payments)', async () => {
    const { failure, state } = await runDocument('README.md');
    expect(failure).toBeUndefined();
    readmeState = state;
  }, 900_000);

  it('fails a deliberately wrong example: a request field renamed, an answer field misread, a CLI flag misspelt', async () => {
    // None of them asks for a key: the README's two runs and the SDK's guide took the hour's five.
    expect(readmeState).toBeDefined();
    const blocks = blocksOf('README.md').filter(runnable);
    /** The README's first block holding `find`, with `find` replaced, run in the README's session. */
    const tryChanged = async (find: string, replace: string) => {
      const block = blocks.find((b) => b.code.includes(find));
      if (!block) throw new Error(`no README block holds ${find}`);
      return (await runDocument('README.md', [{ ...block, code: block.code.replace(find, replace) }], readmeState))
        .failure;
    };
    expect(await tryChanged('\\"include_metadata\\"', '\\"include_meta\\"')).toMatch(
      /POST \/api\/v1\/token\/scan → 400/,
    );
    expect(await tryChanged(".data.job_id')", ".data.id')")).toMatch(/GET \/api\/v1\/jobs\/undefined\/events → 4\d\d/);
    expect(await tryChanged('--fail-under', '--fail-below')).toMatch(/wrote to stderr/);
  }, 600_000);
});
