/**
 * A child process that loads ONE solc release and compiles jobs sent over IPC, one at a time.
 *
 *   parent -> { type: 'load', version, solcCacheDir?, allowDownload? }
 *   worker -> { type: 'ready', version: <solc's own version string> } | { type: 'load-failed', reason }
 *   parent -> { type: 'compile', id, source, settings }
 *   worker -> { type: 'result', id, result }
 *
 * Started by compile-rows.ts with child_process.fork (through tsx when running from .ts). The worker
 * exits when the IPC channel closes. The helpers below are pure and also used in-process by tests.
 */
import type { Abi } from 'viem';
import { loadSoljson, type SolcCompiler } from './solc-builds';

export interface CompileSettings {
  optimizer: { enabled: boolean; runs: number };
}

export interface ImmutableRef {
  start: number;
  length: number;
}

/** One contract of a compile's output with creation code (interfaces and abstract contracts are dropped). */
export interface CompiledContract {
  /** Source unit the contract came from ('' for pre-0.4.11 builds). */
  file: string;
  name: string;
  abi: Abi;
  /** Hex without 0x; may hold unlinked library placeholders. */
  bytecode: string;
  deployedBytecode: string;
  immutableReferences?: Record<string, ImmutableRef[]>;
}

export interface CompileResult {
  /** Messages of severity 'error'; empty when the compile succeeded. */
  errors: string[];
  contracts: CompiledContract[];
}

export type WorkerRequest =
  | { type: 'load'; version: string; solcCacheDir?: string; allowDownload?: boolean }
  | { type: 'compile'; id: number; source: string; settings: CompileSettings };

export type WorkerReply =
  | { type: 'ready'; version: string }
  | { type: 'load-failed'; reason: string }
  | { type: 'result'; id: number; result: CompileResult; aborted?: boolean };

/** The source unit name every row is compiled under. */
export const SOURCE_NAME = 'Token.sol';

/** Whether a release's standard JSON knows evm.deployedBytecode.immutableReferences (added in 0.6.5). */
function hasImmutables(version: string): boolean {
  const [major, minor, patch] = version.split('.').map(Number);
  return major > 0 || minor > 6 || (minor === 6 && patch >= 5);
}

/** The standard-JSON input for one source (no evmVersion: each release's default, as Etherscan used). */
export function buildInput(version: string, source: string, settings: CompileSettings): string {
  const outputs = ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'];
  if (hasImmutables(version)) outputs.push('evm.deployedBytecode.immutableReferences');
  return JSON.stringify({
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: source } },
    settings: {
      optimizer: { enabled: settings.optimizer.enabled, runs: settings.optimizer.runs },
      outputSelection: { '*': { '*': outputs } },
    },
  });
}

interface RawOutput {
  errors?: { severity?: string; type?: string; formattedMessage?: string; message?: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi?: Abi;
        evm?: {
          bytecode?: { object?: string };
          deployedBytecode?: { object?: string; immutableReferences?: Record<string, ImmutableRef[]> };
        };
      }
    >
  >;
}

/** Reduces solc's output to its errors and the contracts that have creation code. */
export function extractResult(raw: string): CompileResult {
  let out: RawOutput;
  try {
    out = JSON.parse(raw) as RawOutput;
  } catch (err) {
    return { errors: [`solc returned invalid JSON: ${(err as Error).message}`], contracts: [] };
  }
  const errors = (out.errors ?? [])
    .filter((e) => e.severity === 'error' || (e.severity === undefined && /error/i.test(e.type ?? '')))
    .map((e) => (e.formattedMessage ?? e.message ?? 'unknown error').trim());
  const contracts: CompiledContract[] = [];
  for (const [file, byName] of Object.entries(out.contracts ?? {})) {
    for (const [name, c] of Object.entries(byName)) {
      const bytecode = c.evm?.bytecode?.object ?? '';
      if (!bytecode) continue;
      const refs = c.evm?.deployedBytecode?.immutableReferences;
      contracts.push({
        file,
        name,
        abi: c.abi ?? [],
        // as solc wrote them: library placeholders name the library in its own case, for linking
        bytecode,
        deployedBytecode: c.evm?.deployedBytecode?.object ?? '',
        ...(refs && Object.keys(refs).length > 0 ? { immutableReferences: refs } : {}),
      });
    }
  }
  return { errors, contracts };
}

/** Text of whatever a soljson build threw: Emscripten's abort() throws a bare string with a stack. */
function thrownText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (
    text
      .split('\n')[0]
      .replace(/\s+at\s.*$/, '')
      .trim() || 'unknown error'
  );
}

/**
 * Compiles one source with a loaded compiler; never throws. `aborted` means the Emscripten module
 * died (0.4.11's standard-JSON entry point aborts on any source with an error, for one): the
 * compiler must not be used again.
 */
export function compileWith(
  solc: SolcCompiler,
  version: string,
  source: string,
  settings: CompileSettings,
): CompileResult & { aborted?: boolean } {
  try {
    return extractResult(solc.compile(buildInput(version, source, settings)));
  } catch (err) {
    return { errors: [`solc ${version} aborted: ${thrownText(err)}`], contracts: [], aborted: true };
  }
}

function serve(): void {
  let solc: SolcCompiler | undefined;
  let version = '';
  const reply = (m: WorkerReply): void => {
    process.send?.(m);
  };
  process.on('message', (m: WorkerRequest) => {
    if (m.type === 'load') {
      version = m.version;
      loadSoljson(m.version, { cacheDir: m.solcCacheDir, allowDownload: m.allowDownload }).then(
        (loaded) => {
          solc = loaded;
          reply({ type: 'ready', version: loaded.version() });
        },
        (err: unknown) => reply({ type: 'load-failed', reason: (err as Error).message }),
      );
    } else if (m.type === 'compile') {
      if (!solc) {
        reply({ type: 'result', id: m.id, result: { errors: ['solc is not loaded'], contracts: [] } });
        return;
      }
      const { aborted, ...result } = compileWith(solc, version, m.source, m.settings);
      // a dead module cannot compile again: say so (the pool replaces this worker), then exit
      if (aborted)
        process.send?.({ type: 'result', id: m.id, result, aborted } satisfies WorkerReply, () => process.exit(3));
      else reply({ type: 'result', id: m.id, result });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

if (require.main === module && process.send) serve();
