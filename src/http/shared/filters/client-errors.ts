import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_KINDS } from '../../../common/errors/error-kinds';
import type { Problem } from '../../../common/errors/problem.types';
import { surfaceOf } from '../surface';
import { envelopeOf } from './surface-error.filters';

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 kB, a malformed
 * request line) get the same envelope as any other error, chosen by the path of the request line
 * when it can be read; without a listener Node answers a bare status line. Fastify's own listener (a
 * bare 400 or 431 in its JSON) is replaced by this one.
 */
export function answerClientErrors(server: Server, scannerBasePath: string): void {
  server.removeAllListeners('clientError');
  // The parser reports only the chunk it failed on: when the headers of a request span packets, the
  // request line came in an earlier one, so each connection keeps its latest request line.
  const requestLines = new WeakMap<Duplex, Buffer>();
  server.on('connection', (socket: Duplex) => {
    socket.on('data', (chunk: Buffer) => {
      const at = requestStartIn(chunk);
      if (at >= 0) requestLines.set(socket, chunk.subarray(at, at + 2048));
    });
  });
  server.on('clientError', (err: ClientError, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const problem: Problem =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? { kind: 'headers_too_large', status: 431, message: 'Request headers exceed the 16 kB limit', expected: true }
        : { kind: 'validation', status: 400, message: 'Malformed HTTP request', expected: true };
    // The failing chunk is parsed before any 'data' listener sees it: when it holds the request line
    // (after the end of a previous request's body, say), that line is the one to read.
    const at = err.rawPacket ? requestStartIn(err.rawPacket) : -1;
    const raw = at >= 0 ? err.rawPacket!.subarray(at) : requestLines.get(socket);
    const body = JSON.stringify(envelopeOf(surfaceOf(requestPath(raw), scannerBasePath), problem));
    const status = ERROR_KINDS[problem.kind].status;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * A request whose Expect header is anything but 100-continue never reaches Fastify: Node answers 417
 * itself, bare, unless someone listens. We answer it in the envelope of the path's surface.
 */
export function answerUnmetExpectations(server: Server, scannerBasePath: string): void {
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const problem: Problem = {
      kind: 'expectation_failed',
      status: 417,
      message: `Unsupported Expect header: only 100-continue is supported`,
      expected: true,
    };
    const body = JSON.stringify(envelopeOf(surfaceOf((req.url ?? '/').split('?')[0], scannerBasePath), problem));
    res.writeHead(417, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
    });
    res.end(body);
  });
}

/** A request line of any method, found after a previous request's body in a chunk that holds both. */
const REQUEST_LINE_AFTER_BODY = /(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \//g;

/**
 * Where the last request begun in `chunk` starts, or -1. Usually the chunk starts it; but the end of the
 * previous request's body can share a packet with the next request's first bytes (a client that keeps
 * sending a body the server already answered), and that request's line must not be taken for the
 * previous one's when its headers then overflow.
 */
function requestStartIn(chunk: Buffer): number {
  if (startsRequest(chunk)) return 0;
  let at = -1;
  for (const match of chunk.toString('latin1').matchAll(REQUEST_LINE_AFTER_BODY)) at = match.index;
  return at;
}

/** A chunk that begins a request: an upper-case method, a space, then a target (bodies start otherwise, almost always). */
function startsRequest(chunk: Buffer): boolean {
  return (
    chunk.length > 2 &&
    chunk[0] >= 0x41 &&
    chunk[0] <= 0x5a &&
    /^[A-Z]+ \S/.test(chunk.subarray(0, 64).toString('latin1'))
  );
}

/** The path of the request line in what the parser had read ('/' when there is none). */
function requestPath(raw: Buffer | undefined): string {
  const line = raw?.subarray(0, 2048).toString('latin1').split('\r\n')[0] ?? '';
  const target = line.split(' ')[1] ?? '/';
  return target.startsWith('/') ? target.split('?')[0] : '/';
}
