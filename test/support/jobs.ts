import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookSender } from '../../src/jobs/webhook.sender';
import type { TestApp } from './test-app';

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A job's id (a UUID): the value that names a job on every surface. */
export const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One event of a job's stream: its name and its data, the job status body in the surface's envelope. */
export interface JobEvent {
  event: string;
  data: any;
}

/** A webhook receiver on loopback: answers `statuses` in turn (then 200), keeps what it got. */
export async function receiver(
  statuses: number[] = [],
): Promise<{ url: string; got: Received[]; next: () => Promise<Received>; close: () => Promise<void> }> {
  const got: Received[] = [];
  const waiting: ((r: Received) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      got.push(r);
      res.writeHead(statuses.shift() ?? 200).end();
      waiting.shift()?.(r);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the webhook attempts of `app`'s workers: `settled()` resolves when every attempt begun so far has
 * recorded its outcome (a receiver sees the POST before the sender writes the row: read the row after this).
 */
export function attemptsOf(app: TestApp): { settled: () => Promise<void> } {
  const sender = app.app.get(WebhookSender);
  const deliver = WebhookSender.prototype.deliver.bind(sender);
  const begun: Promise<void>[] = [];
  jest.spyOn(sender, 'deliver').mockImplementation((...args) => {
    const attempt = deliver(...args);
    begun.push(attempt);
    return attempt;
  });
  return { settled: async () => void (await Promise.allSettled(begun)) };
}

/** Reads a job's event stream to its end (sent with `headers`, the key): the events' names and parsed data. */
export async function streamOf(t: TestApp, path: string, headers: Record<string, string>): Promise<JobEvent[]> {
  const res = await t.http
    .get(path)
    .set(headers)
    .buffer(true)
    .parse((r, done) => {
      let text = '';
      r.on('data', (c: Buffer) => (text += c.toString('utf8')));
      r.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
  return (res.body as string)
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))!.slice(7);
      const data = JSON.parse(
        lines
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n'),
      );
      return { event, data };
    });
}
