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
  server.on('clientError', (err: ClientError, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const problem: Problem =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? { kind: 'headers_too_large', status: 431, message: 'Request headers exceed the 16 kB limit', expected: true }
        : { kind: 'validation', status: 400, message: 'Malformed HTTP request', expected: true };
    const body = JSON.stringify(envelopeOf(surfaceOf(requestPath(err.rawPacket), scannerBasePath), problem));
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

/** The path of the request line in what the parser had read ('/' when there is none). */
function requestPath(raw: Buffer | undefined): string {
  const line = raw?.subarray(0, 2048).toString('latin1').split('\r\n')[0] ?? '';
  const target = line.split(' ')[1] ?? '/';
  return target.startsWith('/') ? target.split('?')[0] : '/';
}
