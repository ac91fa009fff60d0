/**
 * A JSON-RPC HTTP proxy that adds a fixed latency to every request, for benchmarks: it waits
 * `latencyMs` after reading a POST body, then forwards the body to the upstream RPC and relays the answer.
 * A batch is one HTTP request, so it is delayed once. Requests are handled concurrently: each waits its
 * own delay, so the delay measures sequential round trips, not load. `delayedMs`, the union of the delay
 * windows [arrival, arrival + latency], divided by the latency counts the sequential round trips: requests
 * sent together overlap and count once, and neither the client's CPU time nor the upstream's answer time
 * (nor this process's event loop being busy) adds to it. `depth` is the longest chain of requests each
 * sent after the previous one was answered: an upper bound on the sequential round trips (a request that
 * CPU work held back past an unrelated answer counts as waiting for it), and unlike the delay windows it
 * does not grow when the requests of one round leave a few ms apart.
 */
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface RpcProxyStats {
  /** HTTP requests (a JSON-RPC batch is one). */
  requests: number;
  /** Of those, batch requests (a JSON array body). */
  batches: number;
  /** JSON-RPC calls, counting each call in a batch (a Multicall3 eth_call is one). */
  calls: number;
  /** Union of the requests' delay windows, in ms (overlapping windows counted once). */
  delayedMs: number;
  /** Longest chain of requests each sent after the previous one's answer, since the last `resetDepth()`. */
  depth: number;
}

export interface RpcLatencyProxy {
  readonly url: string;
  /** Delay per request; may be changed between measurements. */
  latencyMs: number;
  /** A copy of the counters since start. */
  stats(): RpcProxyStats;
  /** Starts a new `depth` chain (call between scans, with no request in flight). */
  resetDepth(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const JSONRPC_MEMBER = Buffer.from('"jsonrpc"');

/**
 * Calls in a JSON-RPC body: for a batch (a JSON array) the number of its calls, counted by their
 * "jsonrpc" members rather than by parsing (a scan's bodies carry a megabyte of simulator code, and this
 * proxy runs on the service's own thread); else one (also for a body that is not JSON).
 */
function callsIn(body: Buffer): { batch: boolean; calls: number } {
  let start = 0;
  while (
    start < body.length &&
    (body[start] === 0x20 || body[start] === 0x0a || body[start] === 0x0d || body[start] === 0x09)
  )
    start++;
  if (body[start] !== 0x5b) return { batch: false, calls: 1 };
  let calls = 0;
  for (
    let at = body.indexOf(JSONRPC_MEMBER, start);
    at !== -1;
    at = body.indexOf(JSONRPC_MEMBER, at + JSONRPC_MEMBER.length)
  )
    calls++;
  return { batch: true, calls: Math.max(calls, 1) };
}

/** With BENCH_RPC_TRACE set, each request's arrival time (ms) and the methods it carries go to stderr. */
function traceRequest(body: Buffer, depth: number): void {
  let methods: string[];
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { method?: string } | { method?: string }[];
    methods = (Array.isArray(parsed) ? parsed : [parsed]).map((c) => {
      const p = (c as { params?: unknown[] }).params;
      if (process.env.BENCH_RPC_TRACE !== '2' || !p) return c.method ?? '?';
      const first = p[0] as { to?: string; data?: string } | string;
      const detail =
        typeof first === 'object' && first
          ? `${first.to?.slice(0, 8)}:${first.data?.slice(0, 10)}`
          : JSON.stringify(p).slice(0, 90);
      return `${c.method}(${detail})`;
    });
  } catch {
    methods = ['?'];
  }
  const counts = new Map<string, number>();
  for (const m of methods) counts.set(m, (counts.get(m) ?? 0) + 1);
  process.stderr.write(
    `rpc ${performance.now().toFixed(1)} depth ${depth} ${[...counts].map(([m, n]) => `${m}×${n}`).join(' ')}\n`,
  );
}

export async function startRpcLatencyProxy(options: {
  upstreamUrl: string;
  latencyMs: number;
  port?: number;
}): Promise<RpcLatencyProxy> {
  const counters: RpcProxyStats = { requests: 0, batches: 0, calls: 0, delayedMs: 0, depth: 0 };
  /** The deepest chain among the requests answered so far: a request sent now may have waited for it. */
  let answeredDepth = 0;
  const proxy = { latencyMs: options.latencyMs };
  let windowEnd = 0;
  const addDelayWindow = (start: number) => {
    const end = start + proxy.latencyMs;
    counters.delayedMs += Math.max(0, end - Math.max(start, windowEnd));
    windowEnd = Math.max(windowEnd, end);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const body = await readBody(req);
    const { batch, calls } = callsIn(body);
    counters.requests += 1;
    counters.batches += batch ? 1 : 0;
    counters.calls += calls;
    addDelayWindow(performance.now());
    const depth = answeredDepth + 1;
    counters.depth = Math.max(counters.depth, depth);
    if (process.env.BENCH_RPC_TRACE) traceRequest(body, depth);
    const { status, answer } = await delayedForward(body);
    answeredDepth = Math.max(answeredDepth, depth);
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(answer);
  };

  // node:http with kept-alive connections: cheaper than fetch on the thread it shares with the service.
  const agent = new Agent({ keepAlive: true });
  const forward = (body: Buffer): Promise<{ status: number; answer: Buffer }> =>
    new Promise((resolve, reject) => {
      const upstream = request(
        options.upstreamUrl,
        { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 502, answer: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const delayedForward = async (body: Buffer): Promise<{ status: number; answer: Buffer }> => {
    if (proxy.latencyMs > 0) await sleep(proxy.latencyMs);
    return forward(body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      const error = { code: -32603, message: `rpc-latency-proxy: ${err instanceof Error ? err.message : String(err)}` };
      res
        .writeHead(502, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ ...counters }),
    resetDepth: () => {
      if (process.env.BENCH_RPC_TRACE) process.stderr.write('rpc reset\n');
      answeredDepth = 0;
      counters.depth = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        agent.destroy();
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  });
}
