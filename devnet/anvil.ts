import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEV_ACCOUNT_COUNT, DEV_MNEMONIC } from './world/accounts';
import { CHAIN_ID } from './world/build';

/** Path of the anvil binary shipped by @foundry-rs/anvil-linux-amd64, or a clear error. */
export function anvilBinary(): string {
  const pkg = '@foundry-rs/anvil-linux-amd64';
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`devnet: ${pkg} only runs on linux-x64 (this is ${process.platform}-${process.arch})`);
  }
  let dir: string;
  try {
    dir = dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`devnet: ${pkg} is not installed (npm install)`);
  }
  const bin = join(dir, 'bin', 'anvil');
  if (!existsSync(bin)) throw new Error(`devnet: anvil binary missing at ${bin}`);
  return bin;
}

export interface AnvilOptions {
  host: string;
  port: number;
  /** Build mode: blocks are mined only on request, starting from this genesis timestamp. */
  build?: { genesisTimestamp: number };
  /** Warm start: a state file written by a previous build. */
  loadState?: string;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** A normally exiting parent (including a thrown error) takes its anvils with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL');
  });
}

/**
 * Covers what the exit hook cannot (parent killed by a signal or SIGKILL): a detached shell
 * polls both pids every second and kills anvil once the parent is gone.
 */
function startWatchdog(anvilPid: number): ChildProcess {
  const script = `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${anvilPid} 2>/dev/null; do sleep 1; done; kill ${anvilPid} 2>/dev/null`;
  const dog = spawn('/bin/sh', ['-c', script], { detached: true, stdio: 'ignore' });
  dog.unref();
  return dog;
}

export interface AnvilProcess {
  child: ChildProcess;
  /** Kills anvil (and its watchdog) and resolves once the process has exited. */
  stop(): Promise<void>;
}

export function spawnAnvil(opts: AnvilOptions): AnvilProcess {
  const args = [
    '--host',
    opts.host,
    '--port',
    String(opts.port),
    '--chain-id',
    String(CHAIN_ID),
    '--mnemonic',
    DEV_MNEMONIC,
    '--accounts',
    String(DEV_ACCOUNT_COUNT),
    '--balance',
    '1000000',
    // Big blocks and FIFO ordering let the builder pack hundreds of dependent txs per block.
    '--gas-limit',
    '1000000000',
    '--order',
    'fifo',
    '--auto-impersonate',
    '--silent',
  ];
  if (opts.build) args.push('--no-mining', '--timestamp', String(opts.build.genesisTimestamp));
  if (opts.loadState) args.push('--load-state', opts.loadState);
  // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and anvil must
  // outlive that signal long enough for the owner to save the chain (stop() ends it; so do the hooks below).
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  installExitHook();
  live.add(child);
  const dog = child.pid ? startWatchdog(child.pid) : undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => live.delete(child));
  return {
    child,
    async stop() {
      if (dog?.pid) {
        try {
          process.kill(dog.pid);
        } catch {
          /* watchdog already gone */
        }
      }
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resolves once anvil answers JSON-RPC; rejects if it exits first (e.g. port taken). */
export async function waitForRpc(url: string, child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `devnet: anvil exited (${child.exitCode ?? child.signalCode}) before answering: ${stderr.trim()}`,
      );
    }
    if ((await rpcChainId(url, 500)) !== undefined) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`devnet: anvil did not answer on ${url} within ${timeoutMs} ms`);
}

/**
 * What listens at `url`: the chain id if it speaks JSON-RPC, 'other' if something else
 * answers, undefined if nothing listens.
 */
export async function probe(url: string, timeoutMs = 1_000, retried = false): Promise<number | 'other' | undefined> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await res.json()) as { result?: string };
    return json.result ? Number(json.result) : 'other';
  } catch (err) {
    if (isConnectionRefused(err)) return undefined;
    // fetch may reuse a pooled keep-alive socket to a node that has since stopped on this port: it
    // fails once, closed; a fresh connection tells whether anything listens now.
    if (!retried && isClosedSocket(err)) return probe(url, timeoutMs, true);
    return 'other';
  }
}

function isClosedSocket(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

async function rpcChainId(url: string, timeoutMs: number): Promise<number | undefined> {
  const r = await probe(url, timeoutMs);
  return typeof r === 'number' ? r : undefined;
}

function isConnectionRefused(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return cause?.code === 'ECONNREFUSED';
}
