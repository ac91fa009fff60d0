import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a server that a test can pause (bytes are held, as when the server
 * process is stopped) and cut (every connection is reset, as when the server terminates them).
 */
export class PausableProxy {
  private server: Server | null = null;
  private paused = false;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private readonly held: (() => void)[] = [];

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<number> {
    this.server = createServer((client) => this.relay(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server!.address() as { port: number }).port;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const release of this.held.splice(0)) release();
  }

  /** Resets every open connection; new ones are relayed as before. */
  cut(): void {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    this.pairs.clear();
  }

  async stop(): Promise<void> {
    this.resume();
    this.cut();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private relay(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        const send = () => (to.destroyed ? undefined : to.write(chunk));
        if (this.paused) this.held.push(send);
        else send();
      });
    forward(client, upstream);
    forward(upstream, client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  }
}
