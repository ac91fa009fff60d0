import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatReport } from './deployed/format-report';
import { runDeployedEval } from './deployed/run-eval';

/**
 * npm run eval:deployed -- --corpus FILE [--out report.json] [--only 0x…,0x…] [--port N] [--hold]
 * (--hold: the chain stays up after the scans, until SIGINT, for `tsx bench/engine-probe.ts` on a deployed row)
 * Deploys each row of a source corpus from its verified source, launches it as its owner did, scans it
 * through surface A and prints per-flag precision and recall with every row's verdict or failure.
 * Exits 0 whatever the rows did; 2 on bad arguments; 1 only when the harness itself broke.
 */
async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        corpus: { type: 'string' },
        out: { type: 'string' },
        only: { type: 'string' },
        port: { type: 'string' },
        hold: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  if (!values.corpus) {
    process.stderr.write(
      'usage: npm run eval:deployed -- --corpus FILE [--out report.json] [--only 0x…,0x…] [--port N] [--hold]\n',
    );
    return 2;
  }
  const report = await runDeployedEval({
    corpus: values.corpus,
    only: values.only
      ?.split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    port: values.port ? Number(values.port) : undefined,
    hold: values.hold === true,
    pgServerUrl: process.env.DATABASE_URL,
    progress: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${formatReport(report)}\n`);
  if (values.out) writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`eval:deployed broke: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
