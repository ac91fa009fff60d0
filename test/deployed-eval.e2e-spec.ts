import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { runDeployedEval, type DeployedEvalReport } from '../bench/deployed/run-eval';
import type { SourceRow } from '../bench/deployed/types';

/**
 * The deployed eval (npm run eval:deployed) on a small fixed subset of our own modern tokens, plus rows
 * that must fail at a named step. The full runs (the dev sources, the whole modern set) are by hand;
 * their figures are in bench/RESULTS.md.
 */
const SUBSET = [
  'robo-shiba',
  'giga-chad-token',
  'elastic-yield',
  'zenith-coin',
  'simpson-pepe',
  'safe-galaxy-fi',
  'fair-pepe',
  'polis-votes-permit',
  // A fee capped "for your safety" at 90 % (found at the setter's ceiling), and a reflection ledger with a swap-back.
  'golden-retriever-ai',
  'catgirl-reflect',
  // Balances kept by an outside ledger the owner can replace; a fee quoted by an outside processor; a treasury
  // the owner distributes (the contract's own tokens: no leak).
  'turbo-frog-coin',
  'quantum-pepe',
  'harvest-moon',
];
/** The figures this subset reached (bench/RESULTS.md, 1.000 on every flag), less one contract where a flag has more than one. */
const FLOORS = {
  mint: { precision: 1, recall: 1 },
  leak: { precision: 1, recall: 0.75 },
  limit: { precision: 1, recall: 0.8 },
};

const modern = (): SourceRow[] =>
  gunzipSync(readFileSync(join(__dirname, '../bench/corpus/modern.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SourceRow);

const bad = (n: number, source: string, pragma: string | null = '^0.8.20'): SourceRow => ({
  address: `0x${(0xbad00 + n).toString(16).padStart(40, '0')}`,
  code: '0x6080',
  source,
  pragma,
  labels: { mint: false, leak: false, limit: false },
  label_source: 'test:bad',
});

describe('eval:deployed on a fixed subset of the modern set', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-deployed-'));
  let report: DeployedEvalReport;
  let picked: SourceRow[];

  beforeAll(async () => {
    picked = modern().filter((r) => SUBSET.includes(r.name!));
    const rows = [
      ...picked,
      bad(1, ''),
      bad(2, 'pragma solidity >=0.9.0;\ncontract Future {}', '>=0.9.0'),
      bad(3, 'pragma solidity ^0.8.20;\ncontract Broken { function f( }'),
      bad(4, 'pragma solidity ^0.8.20;\ncontract Refuses { constructor() { revert("not today"); } }'),
    ];
    const file = join(dir, 'subset.jsonl.gz');
    writeFileSync(file, gzipSync(`${rows.map((r) => JSON.stringify(r)).join('\n')}\nnot json at all\n`));
    report = await runDeployedEval({
      corpus: file,
      port: 8591,
      pgServerUrl: process.env.TEST_PG_SERVER_URL,
      compileCacheDir: join(dir, 'compiles'),
    });
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes every row of the subset through compile, deploy, launch and a scan on surface A', () => {
    expect(picked.map((r) => r.name).sort()).toEqual([...SUBSET].sort());
    for (const name of SUBSET) {
      const row = report.rows.find((r) => r.name === name)!;
      expect({ name, failure: row.failure }).toEqual({ name, failure: undefined });
      expect(row.compile?.match).toMatch(/^(exact|no-metadata)$/);
      expect(row.launch!.trades.filter((t) => t.action === 'buy' && t.ok).length).toBeGreaterThanOrEqual(5);
      expect(row.scan!.grade).toMatch(/^[A-F]/);
    }
  });

  it('holds its floors on each flag', () => {
    for (const flag of ['mint', 'leak', 'limit'] as const) {
      const f = report.flags.all[flag];
      expect({
        flag,
        precision: f.precision >= FLOORS[flag].precision,
        recall: f.recall >= FLOORS[flag].recall,
      }).toEqual({ flag, precision: true, recall: true });
    }
  });

  it('launches as the owner did and reports the sells a honeypot refuses', () => {
    const row = (name: string) => report.rows.find((r) => r.name === name)!;
    expect(row('simpson-pepe').launch!.launchCalls).toEqual(['setTrading(true)']);
    const honeypot = row('safe-galaxy-fi');
    expect(honeypot.launch!.trades.filter((t) => t.action === 'sell').map((t) => t.ok)).toEqual([false, false, false]);
    expect(honeypot.scan!.honeypot).toBe('🚨 HONEYPOT');
    // The refused sells explained: the whitelist the owner keeps.
    expect(honeypot.scan!.kinds).toContain('whitelist_only');
    expect(row('golden-retriever-ai').scan!.kinds).toContain('confiscatory_fee');
    expect(row('catgirl-reflect').scan!.kinds).toEqual(expect.arrayContaining(['confiscatory_fee', 'blacklist']));
    expect(
      row('fair-pepe')
        .launch!.trades.filter((t) => t.action === 'sell')
        .every((t) => t.ok),
    ).toBe(true);
  });

  it('reports each bad row as a failure at its step, with the reason, and goes on', () => {
    const failure = (n: number) => report.rows.find((r) => r.address === bad(n, '').address)?.failure;
    expect(failure(1)).toEqual({ step: 'compile', reason: expect.stringMatching(/no source/) });
    expect(failure(2)).toEqual({ step: 'compile', reason: expect.stringMatching(/>=0\.9\.0/) });
    expect(failure(3)).toEqual({ step: 'compile', reason: expect.stringMatching(/Error/i) });
    expect(failure(4)).toEqual({ step: 'deploy', reason: expect.stringMatching(/not today/) });
    expect(report.rows.filter((r) => r.failure?.step === 'read')).toEqual([
      expect.objectContaining({ failure: { step: 'read', reason: expect.stringMatching(/not JSON/) } }),
    ]);
    expect(report.counts.rows).toBe(SUBSET.length + 5);
    expect(report.counts.scanned).toBe(SUBSET.length);
  });

  it('reports a corpus file that is not gzip as one failure, not a crash', async () => {
    const file = join(dir, 'plain.txt');
    writeFileSync(file, 'this is not gzip');
    const plain = await runDeployedEval({ corpus: file, port: 8591, pgServerUrl: process.env.TEST_PG_SERVER_URL });
    expect(plain.rows).toEqual([
      expect.objectContaining({
        address: null,
        failure: { step: 'read', reason: expect.stringMatching(/not a gzip file/) },
      }),
    ]);
    expect(plain.counts.scanned).toBe(0);
  });
});
