import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { surfaceOf } from '../src/http/shared/surface';
import { envelopeMismatch } from './support/envelopes';
import { concreteRoutes, listening } from './support/routes';
import { bootTestApp, type TestApp } from './support/test-app';

/** What came back on a raw connection: the status line's code, the headers and the body as text. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `bytes` on a fresh connection exactly as given and reads until the server closes it or a
 * complete first answer is in (`Content-Length` bytes of body after the head). Only the first answer counts.
 */
function exchange(server: Server, bytes: string): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = () => {
      socket.destroy();
      const answer = parse(text);
      if (answer) resolve(answer);
      else reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`));
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const answer = parse(text);
      if (answer && Buffer.byteLength(answer.body, 'latin1') >= Number(answer.headers['content-length'] ?? Infinity))
        done();
    });
    socket.on('end', done);
    socket.on('error', (err) => (text ? done() : reject(err)));
    socket.write(bytes, 'latin1');
  });
}

function parse(text: string): RawAnswer | null {
  const head = text.indexOf('\r\n\r\n');
  if (head < 0) return null;
  const [statusLine, ...lines] = text.slice(0, head).split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) return null;
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(match[1]), headers, body: text.slice(head + 4) };
}

/** Request-smuggling shapes and framing oddities: each is refused by Node's parser (400, connection closed) or answered in the envelope. */
const ODDITIES: [string, string][] = [
  [
    'Content-Length and Transfer-Encoding together (CL.TE)',
    'POST /api/v1/token/scan HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n',
  ],
  [
    'two different Content-Length headers',
    'POST /api/v1/token/scan HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 20\r\n\r\n{}',
  ],
  [
    'Transfer-Encoding that is not chunked last',
    'POST /api/v1/token/scan HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked, identity\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
  ],
  [
    'a chunk size that is not hex',
    'POST /api/v1/token/scan HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  ],
  [
    'a header name with a space before the colon',
    'GET /health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n',
  ],
  ['an obsolete folded header line', 'GET /health HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n\r\n'],
  ['a bare LF line ending', 'GET /health HTTP/1.1\nHost: x\n\n'],
  [
    'Connection: Upgrade without an upgrade the server offers',
    'GET /health HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n',
  ],
  [
    'Connection naming hop-by-hop headers to drop',
    'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close, X-Service-API-Key, Content-Length\r\n\r\n',
  ],
  [
    'a chunked body with a trailer on a scan',
    'POST /scanner/api/v1/token/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nX-Trailer: 1\r\n\r\n',
  ],
  [
    'a request line with an absolute URI to another host',
    'GET http://elsewhere.example/health HTTP/1.1\r\nHost: x\r\n\r\n',
  ],
  ['HTTP/1.0 without a Host', 'GET /health HTTP/1.0\r\n\r\n'],
];

describe('HTTP framing oddities and HEAD on every route: refused safely or answered in the envelope, never a 5xx', () => {
  let t: TestApp;
  let server: Server;
  beforeAll(async () => {
    t = await bootTestApp();
    server = await listening(t);
  });
  afterAll(() => t.close());

  /** Why `answer` to a request for `path` is wrong, or null. */
  const wrong = (path: string, answer: RawAnswer): string | null => {
    if (answer.status >= 500) return `${answer.status} ${answer.body.slice(0, 200)}`;
    if (answer.status < 400 || !answer.headers['content-type']?.includes('json')) return null;
    return envelopeMismatch(surfaceOf(path, t.config.scannerBasePath), answer.status, JSON.parse(answer.body));
  };

  it.each(ODDITIES)('%s', async (_what, bytes) => {
    const answer = await exchange(server, bytes);
    const path = bytes.split(' ')[1].replace(/^http:\/\/[^/]+/, '');
    expect(wrong(path, answer)).toBeNull();
    // Nothing smuggled through: the connection answered once, and the service still serves.
    expect((await t.http.get('/health')).status).toBe(200);
  });

  it('answers HEAD on every route without a body and without a 5xx', async () => {
    const routes = concreteRoutes(t);
    expect(routes.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const { path } of routes) {
      const answer = await exchange(server, `HEAD ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      if (answer.status >= 500) problems.push(`HEAD ${path}: ${answer.status}`);
      if (answer.body.length > 0) problems.push(`HEAD ${path}: a body of ${answer.body.length} bytes`);
    }
    expect(problems).toEqual([]);
  });
});
