import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';
import { projectRoot } from '../../common/project-root';

/** The compiled trade simulator: what the state override places and how to talk to it. */
export interface SimulatorArtifact {
  abi: Abi;
  deployedBytecode: Hex;
  /** sha256 of compiler version + settings + source: the cache key. */
  hash: string;
}

/** Folder under contracts/ holding the simulator's sources (kept out of the devnet world's fingerprint). */
export const SIMULATOR_SOURCES_DIR = 'sim';
const MAIN_FILE = `${SIMULATOR_SOURCES_DIR}/TradeSimulator.sol`;
const CONTRACT_NAME = 'TradeSimulator';

/**
 * Paris (no PUSH0) so the code runs on every supported chain whatever its hard-fork level; the
 * simulator is never verified against anything, so it need not share the devnet world's settings.
 */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'paris',
  outputSelection: { '*': { [CONTRACT_NAME]: ['abi', 'evm.deployedBytecode.object'] } },
} as const;

interface Solc {
  version(): string;
  compile(input: string): string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
}

export interface SimulatorArtifactOptions {
  /** Default `<project>/contracts`. */
  contractsDir?: string;
  /** Default `<project>/.data/contracts-cache/sim`; compiled output is cached there by hash. */
  cacheDir?: string;
}

let memo: SimulatorArtifact | undefined;

/**
 * Compiles contracts/sim/ in-process on first use (≈1 s: loading solc's
 * WebAssembly dominates) and caches the result on disk and in memory, so the service compiles it
 * at most once per source change, on mainnet as on the devnet.
 */
export function loadSimulatorArtifact(options: SimulatorArtifactOptions = {}): SimulatorArtifact {
  if (memo && !options.contractsDir && !options.cacheDir) return memo;
  const sources = readSimulatorSources(options.contractsDir ?? join(projectRoot(), 'contracts'));
  const hash = artifactHash(sources);
  const cacheDir = options.cacheDir ?? join(projectRoot(), '.data', 'contracts-cache', 'sim');
  const cacheFile = join(cacheDir, `${hash}.json`);
  const artifact = existsSync(cacheFile)
    ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as SimulatorArtifact)
    : compile(sources, hash);
  if (!existsSync(cacheFile)) writeCache(cacheDir, cacheFile, artifact);
  if (!options.contractsDir && !options.cacheDir) memo = artifact;
  return artifact;
}

/** Source unit name (relative to contracts/, as imports resolve) → content, in name order. */
function readSimulatorSources(contractsDir: string): Record<string, string> {
  const dir = join(contractsDir, SIMULATOR_SOURCES_DIR);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sol'))
    .sort();
  return Object.fromEntries(files.map((f) => [`${SIMULATOR_SOURCES_DIR}/${f}`, readFileSync(join(dir, f), 'utf8')]));
}

function artifactHash(sources: Record<string, string>): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solcVersion = (require('solc/package.json') as { version: string }).version;
  const h = createHash('sha256').update(`${solcVersion}\0${JSON.stringify(SETTINGS)}`);
  for (const [file, content] of Object.entries(sources)) h.update(`\0${file}\0${content}`);
  return h.digest('hex').slice(0, 32);
}

function compile(sources: Record<string, string>, hash: string): SimulatorArtifact {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require('solc') as Solc;
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0)
    throw new Error(
      `solc failed on contracts/${SIMULATOR_SOURCES_DIR}:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    );
  const out = output.contracts?.[MAIN_FILE]?.[CONTRACT_NAME];
  if (!out) throw new Error(`solc produced no ${CONTRACT_NAME}`);
  return { abi: out.abi, deployedBytecode: `0x${out.evm.deployedBytecode.object}`, hash };
}

/** Best effort: a read-only disk only costs a recompile in the next process. */
function writeCache(cacheDir: string, cacheFile: string, artifact: SimulatorArtifact): void {
  try {
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(artifact));
    renameSync(tmp, cacheFile);
  } catch {
    // Ignored on purpose: see above.
  }
}
