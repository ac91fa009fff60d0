import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { toHex, type Hex } from 'viem';
import { startEvalChain } from './deployed/chain/eval-chain';
import { startScanService } from './deployed/scan-service';
import { percentile, readCorpus } from './detection/evaluate';

/**
 * npm run bench:sweep -- [--limit N] [--out sweep.json] [--port N]
 * Places each of the 2,000 unlabelled mainnet codes (bench/corpus) on an anvil that poses as mainnet
 * (anvil_setCode, no state: what a scanner meets in a contract it has never seen) and scans it through
 * surface A with the service's own scan deadline, one at a time, as a client does. Prints the answers
 * by status (every 5xx with its body), the scans with an incomplete section, and latency; exits 1 when
 * any scan answered 5xx. PostgreSQL: DATABASE_URL's server, or an embedded one.
 */
const DEADLINE_MS = 2_500;
/** What a scan may take past the deadline: the answer's own assembly and the HTTP round trip. */
const GRACE_MS = 500;

interface Row {
  address: Hex;
  status: number;
  ms: number;
  incomplete: string[];
  error: string | null;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { limit: { type: 'string' }, out: { type: 'string' }, port: { type: 'string' } },
    strict: true,
  });
  const samples = readCorpus('bytecodes-unlabelled.jsonl.gz').slice(0, values.limit ? Number(values.limit) : undefined);
  const chain = await startEvalChain({
    port: values.port ? Number(values.port) : 8611,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const service = await startScanService({
    rpcUrl: chain.rpcUrl,
    pgServerUrl: process.env.DATABASE_URL,
    scanDeadlineMs: DEADLINE_MS,
  });
  const rows: Row[] = [];
  try {
    for (const [i, sample] of samples.entries()) {
      // Addresses of our own: the corpus addresses may hold the eval chain's own contracts.
      const address = toHex(0x5e3e000000n + BigInt(i), { size: 20 });
      await chain.rpc.call('anvil_setCode', [address, sample.code]);
      const started = performance.now();
      const res = await fetch(`${service.baseUrl}/api/v1/token/scan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-api-key': service.key },
        body: JSON.stringify({ contract_address: address, chain: 'eth' }),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      const body = JSON.parse(text) as { data?: { incomplete_sections?: { section: string; reason: string }[] } };
      rows.push({
        address: sample.address,
        status: res.status,
        ms,
        incomplete: (body.data?.incomplete_sections ?? []).map((s) => `${s.section}: ${s.reason}`),
        error: res.status >= 500 ? text.slice(0, 300) : null,
      });
      if ((i + 1) % 100 === 0) process.stderr.write(`${i + 1}/${samples.length}\n`);
    }
  } finally {
    await service.stop();
    await chain.stop();
  }
  const byStatus = new Map<number, number>();
  for (const r of rows) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const latency = rows.map((r) => r.ms);
  const late = rows.filter((r) => r.ms > DEADLINE_MS + GRACE_MS);
  const failed = rows.filter((r) => r.status >= 500);
  const lines = [
    `hostile sweep: ${rows.length} unlabelled mainnet codes through surface A (deadline ${DEADLINE_MS} ms)`,
    `  answers: ${[...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s} × ${n}`)
      .join(', ')}`,
    `  5xx: ${failed.length}${failed.map((r) => `\n    ${r.address} ${r.status} ${r.error}`).join('')}`,
    `  with an incomplete section: ${rows.filter((r) => r.incomplete.length > 0).length}`,
    `  latency: median ${percentile(latency, 50).toFixed(0)} ms, p95 ${percentile(latency, 95).toFixed(0)} ms, max ${Math.max(...latency).toFixed(0)} ms; past the deadline (+${GRACE_MS} ms): ${late.length}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (values.out) writeFileSync(values.out, `${JSON.stringify(rows, null, 2)}\n`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(2);
  },
);
