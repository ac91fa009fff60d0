import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_KINDS } from '../../../common/errors/error-kinds';
import type { Problem } from '../../../common/errors/problem.types';
import { surfaceOf } from '../surface';
import { envelopeOf } from './surface-error.filters';

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/**
 * Requests Node's HTTP parser refuses before Express sees them (headers over 16 kB, a malformed
 * request line) get the same envelope as any other error, chosen by the path of the request line
 * when it can be read; without a listener Node answers a bare status line.
 */
export function answerClientErrors(server: Server, scannerBasePath: string): void {
  // The parser reports only the chunk it failed on: when the headers of a request span packets, the
  // request line came in an earlier one, so each connection keeps its latest request line.
  const requestLines = new WeakMap<Duplex, Buffer>();
  server.on('connection', (socket: Duplex) => {
    socket.on('data', (chunk: Buffer) => {
      if (startsRequest(chunk)) requestLines.set(socket, chunk.subarray(0, 2048));
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
    const raw = err.rawPacket && startsRequest(err.rawPacket) ? err.rawPacket : requestLines.get(socket);
    const body = JSON.stringify(envelopeOf(surfaceOf(requestPath(raw), scannerBasePath), problem));
    const status = ERROR_KINDS[problem.kind].status;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * A request whose Expect header is anything but 100-continue never reaches Express: Node answers 417
 * itself, bare, unless someone listens. We answer it in the envelope of the path's surface.
 */
export function answerUnmetExpectations(server: Server, scannerBasePath: string): void {
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const problem: Problem = { kind: 'expectation_failed', status: 417, message: `Unsupported Expect header: only 100-continue is supported`, expected: true };
    const body = JSON.stringify(envelopeOf(surfaceOf((req.url ?? '/').split('?')[0], scannerBasePath), problem));
    res.writeHead(417, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
    res.end(body);
  });
}

/** A chunk that begins a request: an upper-case method, a space, then a target (bodies start otherwise, almost always). */
function startsRequest(chunk: Buffer): boolean {
  return chunk.length > 2 && chunk[0] >= 0x41 && chunk[0] <= 0x5a && /^[A-Z]+ \S/.test(chunk.subarray(0, 64).toString('latin1'));
}

/** The path of the request line in what the parser had read ('/' when there is none). */
function requestPath(raw: Buffer | undefined): string {
  const line = raw?.subarray(0, 2048).toString('latin1').split('\r\n')[0] ?? '';
  const target = line.split(' ')[1] ?? '/';
  return target.startsWith('/') ? target.split('?')[0] : '/';
}
