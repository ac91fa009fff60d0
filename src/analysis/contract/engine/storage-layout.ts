import { Worker } from 'node:worker_threads';
import type { Hex } from 'viem';

/** One storage variable as evmole reports it (hex without 0x). */
export interface RawStorageRecord {
  slot: string;
  offset: number;
  type: string;
  reads: string[];
  writes: string[];
}

/**
 * The thread's whole program: evmole's storage analysis of each code it is sent. It says `ready`
 * once evmole's WASM is compiled, so a budget counts the analysis alone, never the thread's start.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { contractInfo } = require(workerData.evmole);
parentPort.on('message', (code) => {
  let storage = null;
  try { storage = contractInfo(code, { selectors: true, storage: true }).storage ?? []; } catch {}
  parentPort.postMessage(storage);
});
parentPort.postMessage('ready');
`;

interface Thread {
  worker: Worker;
  ready: Promise<void>;
}

/**
 * evmole's storage analysis, off the event loop and within a wall-clock budget. On most codes it
 * takes a few milliseconds, but loops send it past a second on some (1.3 s on one of the 2,000
 * unlabelled corpus codes): on the calling thread that would stall every request of the process.
 * Past the budget the thread is terminated, a fresh one started at once, and the answer is 'timeout':
 * the engine then works without the layout, and a later scan asks again. Codes are analysed one at a time, in the order asked.
 */
export class StorageLayouts {
  private thread: Thread | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly params: { idleMs: number }) {}

  /** The layout; null when evmole failed on the code; 'timeout' when the analysis outran the budget (or the thread was lost). */
  layout(code: Hex, budgetMs: number): Promise<RawStorageRecord[] | null | 'timeout'> {
    const answer = this.queue.then(() => this.analyse(code, budgetMs));
    this.queue = answer.catch(() => null);
    return answer;
  }

  /** Stops the thread; the next request starts another. */
  async close(): Promise<void> {
    this.clearIdle();
    const thread = this.thread;
    this.thread = null;
    await thread?.worker.terminate();
  }

  private async analyse(code: Hex, budgetMs: number): Promise<RawStorageRecord[] | null | 'timeout'> {
    this.clearIdle();
    const thread = (this.thread ??= spawn());
    try {
      await thread.ready;
    } catch {
      this.discard(thread);
      return 'timeout';
    }
    // The thread answers null itself when evmole fails on a code, and stays; past the budget or on a
    // crash it is lost, and a fresh one is started at once.
    const answer = await new Promise<{ storage: RawStorageRecord[] | null } | 'lost'>((resolve) => {
      const settle = (value: { storage: RawStorageRecord[] | null } | 'lost'): void => {
        clearTimeout(timer);
        thread.worker.off('message', answered);
        thread.worker.off('error', lost);
        resolve(value);
      };
      const answered = (storage: RawStorageRecord[] | null): void => settle({ storage });
      const lost = (): void => settle('lost');
      const timer = setTimeout(lost, budgetMs);
      thread.worker.on('message', answered);
      thread.worker.once('error', lost);
      thread.worker.postMessage(code);
    });
    if (answer === 'lost') {
      this.discard(thread);
      this.thread = spawn();
    }
    this.armIdle();
    return answer === 'lost' ? 'timeout' : answer.storage;
  }

  private discard(thread: Thread): void {
    void thread.worker.terminate();
    if (this.thread === thread) this.thread = null;
  }

  /** An idle thread holds a V8 isolate and evmole's memory: it goes after idleMs without work. */
  private armIdle(): void {
    this.clearIdle();
    this.idleTimer = setTimeout(() => void this.close(), this.params.idleMs);
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

function spawn(): Thread {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { evmole: require.resolve('evmole') } });
  // Never what keeps a process alive: a process that is done exits with the thread idle.
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('storage layout thread exited')));
  });
  ready.catch(() => undefined);
  return { worker, ready };
}
