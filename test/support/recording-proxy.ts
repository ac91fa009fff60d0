import { once } from 'node:events';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';

/** One request that went through the proxy, with the answer the service gave. */
export interface Exchange {
  method: string;
  /** Path without the query string. */
  path: string;
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A plain HTTP proxy in front of a service that keeps every exchange: what a reader's curl, CLI or
 * SDK call got. It forwards requests as they are (the Host header too, so a wallet proof asked
 * through it names the host the next call goes to) and streams answers back (server-sent events
 * arrive as they are sent).
 */
export class RecordingProxy {
  readonly exchanges: Exchange[] = [];
  private server?: Server;

  constructor(private readonly target: URL) {}

  async listen(): Promise<string> {
    this.server = createServer((req, res) => {
      const upstream = request(
        {
          host: this.target.hostname,
          port: this.target.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            res.write(chunk);
          });
          answer.on('end', () => {
            this.exchanges.push({
              method: req.method ?? 'GET',
              path: (req.url ?? '/').split('?')[0],
              url: req.url ?? '/',
              status: answer.statusCode ?? 0,
              headers: answer.headers,
              body: Buffer.concat(chunks),
            });
            res.end();
          });
        },
      );
      upstream.on('error', (err) => {
        const body = Buffer.from(`proxy: ${err.message}`);
        this.exchanges.push({
          method: req.method ?? 'GET',
          path: (req.url ?? '/').split('?')[0],
          url: req.url ?? '/',
          status: 502,
          headers: {},
          body,
        });
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(body);
      });
      req.pipe(upstream);
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
  }
}
