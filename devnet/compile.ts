import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';
import { contractsDir, listFiles } from './paths';

interface Solc {
  version(): string;
  compile(input: string): string;
}

/** Loading solc's WebAssembly takes ~1 s, so it happens only when a compile is really needed. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadSolc = (): Solc => require('solc') as Solc;

/** The npm solc version; it pins the compiler, so hashing it avoids loading solc just to hash. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const solcPackageVersion = (): string => (require('solc/package.json') as { version: string }).version;

/**
 * Settings every compile of contracts/ uses. The service must recompile with exactly these
 * (and the same source unit names, i.e. paths relative to contracts/) to reproduce the
 * deployed runtime bytecode, metadata hash included.
 */
export const COMPILER_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

/** Folder of contracts whose source is deliberately not published (never used to verify). */
export const UNPUBLISHED_DIR = 'unpublished/';

export interface CompiledContract {
  file: string;
  contract: string;
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

export interface CompileResult {
  compilerVersion: string;
  sourcesHash: string;
  /** Keyed by contract name (names are unique across contracts/). */
  contracts: Record<string, CompiledContract>;
}

/** Source unit name -> content for every .sol file, exactly as handed to solc. */
export function readSources(): Record<string, string> {
  const dir = contractsDir();
  const sources: Record<string, string> = {};
  for (const file of listFiles(dir, '.sol')) sources[file] = readFileSync(join(dir, file), 'utf8');
  return sources;
}

/** Hash of all sources + compiler version + settings: the cache key and part of the fingerprint. */
export function sourcesHash(sources: Record<string, string> = readSources()): string {
  const h = createHash('sha256');
  h.update(solcPackageVersion());
  h.update(JSON.stringify(COMPILER_SETTINGS));
  for (const [file, content] of Object.entries(sources)) h.update(`\0${file}\0${content}`);
  return h.digest('hex');
}

/**
 * Compiles contracts/ in-process. Artifacts are cached under `<cacheDir>/<hash>.json` so an
 * unchanged tree costs one file read; any source edit changes the hash and forces a rebuild.
 */
export function compileContracts(cacheDir?: string): CompileResult {
  const sources = readSources();
  const hash = sourcesHash(sources);
  const cacheFile = cacheDir ? join(cacheDir, `${hash}.json`) : undefined;
  if (cacheFile && existsSync(cacheFile)) {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as CompileResult;
  }
  const result = runSolc(sources, hash);
  if (cacheDir && cacheFile) {
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(result));
    renameSync(tmp, cacheFile);
  }
  return result;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

function runSolc(sources: Record<string, string>, hash: string): CompileResult {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([f, content]) => [f, { content }])),
    settings: COMPILER_SETTINGS,
  };
  const solc = loadSolc();
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const contracts: Record<string, CompiledContract> = {};
  for (const [file, byName] of Object.entries(output.contracts)) {
    for (const [contract, out] of Object.entries(byName)) {
      if (contracts[contract]) throw new Error(`duplicate contract name ${contract} in ${file}`);
      contracts[contract] = {
        file,
        contract,
        abi: out.abi,
        bytecode: `0x${out.evm.bytecode.object}`,
        deployedBytecode: `0x${out.evm.deployedBytecode.object}`,
      };
    }
  }
  return { compilerVersion: solc.version(), sourcesHash: hash, contracts };
}
