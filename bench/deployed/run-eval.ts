import { arch, cpus } from 'node:os';
import {
  confusion,
  correctedLabels,
  flagsOf,
  FLAGS,
  isToken,
  precision,
  recall,
  type Confusion,
  type Flag,
  type Labels,
} from '../detection/evaluate';
import { startEvalChain } from './chain/eval-chain';
import { deployRow } from './chain/deploy';
import { launchRow } from './chain/launch';
import { compileRows } from './compile/compile-rows';
import { scanToken, type ScanSummary } from './scan-client';
import { startScanService } from './scan-service';
import { readSourceCorpus } from './source-corpus';
import type { CompiledRow, CompileOutcome, DeployedRow, LaunchedRow, RowFailure, SourceRow } from './types';

/** One row's way through the harness: what each step gave, and where it stopped and why. */
export interface RowReport {
  address: string | null;
  name?: string;
  labels: Labels | null;
  /** The labels after bench/detection/label-corrections.csv, present only when a correction changed one. */
  correctedLabels?: Labels;
  labelSource: string;
  /** The runtime code has balanceOf or transfer: a token a scan accepts. */
  token: boolean;
  compile?: Pick<CompiledRow, 'version' | 'optimizer' | 'contract' | 'match' | 'similarity'>;
  deploy?: DeployedRow;
  launch?: LaunchedRow;
  scan?: ScanSummary;
  /** Flags raised by the scan's findings (the eval:detection mapping). */
  flags?: Flag[];
  expectedKinds?: string[];
  /** Our own rows: expected kinds the scan did not list, and listed kinds we did not expect. */
  missedKinds?: string[];
  extraKinds?: string[];
  failure?: RowFailure;
}

export interface FlagFigures extends Confusion {
  precision: number;
  recall: number;
}

export interface DeployedEvalReport {
  corpus: string;
  startedAt: string;
  finishedAt: string;
  machine: string;
  counts: {
    rows: number;
    compiled: number;
    matched: { exact: number; noMetadata: number; closest: number };
    deployed: number;
    launched: number;
    scanned: number;
  };
  /**
   * Per flag over every scanned row, and over scanned rows with the token interface, by the published
   * labels; `corrected` the same by the labels of bench/detection/label-corrections.csv (by address:
   * only dev rows have corrections).
   */
  flags: {
    all: Record<Flag, FlagFigures>;
    token: Record<Flag, FlagFigures>;
    corrected: { all: Record<Flag, FlagFigures>; token: Record<Flag, FlagFigures> };
  };
  rows: RowReport[];
}

export interface DeployedEvalOptions {
  corpus: string;
  /** Only these addresses (lowercase or checksummed). */
  only?: string[];
  /** The eval chain's port (default 8590). */
  port?: number;
  /** A PostgreSQL server for the service's database; unset: an embedded one. */
  pgServerUrl?: string;
  /** Where compiles are cached (default ~/.cache/token-analysis/compiles): a test gives its own. */
  compileCacheDir?: string;
  /** Keep the chain up after the scans until SIGINT (to probe a deployed row by hand). */
  hold?: boolean;
  progress?(line: string): void;
}

/**
 * Compiles each row's verified source, deploys the contract that reproduces its mainnet code on a chain
 * with Uniswap V2 at its mainnet addresses, launches it as its owner would (liquidity, the launch call,
 * buyers and sellers), and scans it through surface A with a paid key. Every row ends in the report:
 * scanned, or failed at a named step with the reason. Throws only when the harness itself breaks.
 */
export async function runDeployedEval(opts: DeployedEvalOptions): Promise<DeployedEvalReport> {
  const progress = opts.progress ?? (() => undefined);
  const startedAt = new Date().toISOString();
  const corpus = readSourceCorpus(opts.corpus);
  const only = opts.only?.map((a) => a.toLowerCase());
  const rows = only ? corpus.rows.filter((r) => only.includes(r.address.toLowerCase())) : corpus.rows;
  const reports: RowReport[] = corpus.unreadable.map((u) => ({
    address: u.address,
    labels: null,
    labelSource: '',
    token: false,
    failure: u.failure,
  }));
  const byAddress = new Map<string, RowReport>();
  for (const row of rows) {
    // Before any compile: a corrections file that disagrees with this corpus's labels fails here, not after the run.
    const corrected = correctedLabels(row.address, row.labels);
    const report: RowReport = {
      address: row.address,
      ...(row.name ? { name: row.name } : {}),
      labels: row.labels,
      ...(FLAGS.some((f) => corrected[f] !== row.labels[f]) ? { correctedLabels: corrected } : {}),
      labelSource: row.label_source,
      token: isToken(row.code),
      ...(row.expected_kinds ? { expectedKinds: row.expected_kinds } : {}),
    };
    reports.push(report);
    byAddress.set(row.address.toLowerCase(), report);
  }

  progress(`compiling ${rows.length} rows`);
  const compiled =
    rows.length > 0
      ? await compileRows(rows, {
          cacheDir: opts.compileCacheDir,
          onProgress: (done, total) => progress(`compiled ${done}/${total}`),
        })
      : new Map<string, CompileOutcome>();
  const toDeploy: Array<{ row: SourceRow; compiled: CompiledRow; report: RowReport }> = [];
  for (const row of rows) {
    const report = byAddress.get(row.address.toLowerCase())!;
    const outcome = compiled.get(row.address.toLowerCase());
    if (!outcome) report.failure = { step: 'compile', reason: 'the compile stage gave no outcome' };
    else if (!outcome.ok) report.failure = outcome.failure;
    else {
      const c = outcome.compiled;
      report.compile = {
        version: c.version,
        optimizer: c.optimizer,
        contract: c.contract,
        match: c.match,
        similarity: c.similarity,
      };
      toDeploy.push({ row, compiled: c, report });
    }
  }

  if (toDeploy.length > 0) {
    const chain = await startEvalChain({ port: opts.port ?? 8590, log: progress });
    try {
      const service = await startScanService({ rpcUrl: chain.rpcUrl, pgServerUrl: opts.pgServerUrl });
      try {
        for (const [i, item] of toDeploy.entries()) {
          await runRow(chain, service, item);
          const r = item.report;
          progress(
            `[${i + 1}/${toDeploy.length}] ${item.row.address} ${item.row.name ?? ''} ${r.failure ? `failed at ${r.failure.step}: ${r.failure.reason}` : ''}${r.scan ? ` ${r.scan.grade} ${r.scan.honeypot} [${r.scan.kinds.join(',')}]` : ''}`,
          );
        }
      } finally {
        await service.stop();
      }
      if (opts.hold) {
        progress(
          `holding the chain at ${chain.rpcUrl} until SIGINT: ${toDeploy.map((d) => `${d.row.name ?? d.row.address} ${d.report.deploy?.token ?? 'not deployed'}`).join(', ')}`,
        );
        await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
      }
    } finally {
      await chain.stop();
    }
  }

  return summarise({ corpus: opts.corpus, startedAt, reports });
}

type Chain = Awaited<ReturnType<typeof startEvalChain>>;
type Service = Awaited<ReturnType<typeof startScanService>>;

async function runRow(
  chain: Chain,
  service: Service,
  item: { row: SourceRow; compiled: CompiledRow; report: RowReport },
): Promise<void> {
  const { row, compiled, report } = item;
  const deployed = await deployRow(chain, compiled);
  if (!deployed.ok) {
    report.failure = deployed.failure;
    return;
  }
  report.deploy = deployed.deployed;
  const launched = await launchRow(chain, compiled, deployed.deployed);
  // A token that could not be launched is scanned as it stands all the same, as a user may scan it: the row
  // keeps its launch failure and counts as scanned, not launched.
  if (launched.ok) report.launch = launched.launched;
  else report.failure = launched.failure;
  const scanned = await scanToken(service, deployed.deployed.token);
  if (!scanned.ok) {
    report.failure = launched.ok
      ? { step: 'scan', reason: scanned.reason }
      : { ...launched.failure, reason: `${launched.failure.reason}; scanned as it stands: ${scanned.reason}` };
    return;
  }
  report.scan = scanned.summary;
  const flags = flagsOf(scanned.summary.kinds);
  report.flags = [...flags];
  if (row.expected_kinds) {
    const listed = new Set<string>(scanned.summary.kinds);
    report.missedKinds = row.expected_kinds.filter((k) => !listed.has(k));
    report.extraKinds = [...listed].filter((k) => !row.expected_kinds!.includes(k));
  }
}

function figures(scored: Array<{ sample: { labels: Labels }; flags: Set<Flag> }>): Record<Flag, FlagFigures> {
  const table = confusion(scored);
  return Object.fromEntries(
    FLAGS.map((f) => [f, { ...table[f], precision: precision(table[f]), recall: recall(table[f]) }]),
  ) as Record<Flag, FlagFigures>;
}

function summarise(params: { corpus: string; startedAt: string; reports: RowReport[] }): DeployedEvalReport {
  const { reports } = params;
  const scanned = reports.filter((r) => r.scan && r.labels);
  const scored = (rs: RowReport[]) => rs.map((r) => ({ sample: { labels: r.labels! }, flags: new Set(r.flags ?? []) }));
  const scoredCorrected = (rs: RowReport[]) =>
    rs.map((r) => ({ sample: { labels: r.correctedLabels ?? r.labels! }, flags: new Set(r.flags ?? []) }));
  const match = (q: string) => reports.filter((r) => r.compile?.match === q).length;
  return {
    corpus: params.corpus,
    startedAt: params.startedAt,
    finishedAt: new Date().toISOString(),
    machine: `${cpus()[0]?.model ?? 'unknown cpu'} (${cpus().length} cores, ${arch()}), node ${process.version}`,
    counts: {
      rows: reports.length,
      compiled: reports.filter((r) => r.compile).length,
      matched: { exact: match('exact'), noMetadata: match('no-metadata'), closest: match('closest') },
      deployed: reports.filter((r) => r.deploy).length,
      launched: reports.filter((r) => r.launch).length,
      scanned: scanned.length,
    },
    flags: {
      all: figures(scored(scanned)),
      token: figures(scored(scanned.filter((r) => r.token))),
      corrected: {
        all: figures(scoredCorrected(scanned)),
        token: figures(scoredCorrected(scanned.filter((r) => r.token))),
      },
    },
    rows: reports,
  };
}
