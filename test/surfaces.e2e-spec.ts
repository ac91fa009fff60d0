import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ErrorFixtureModule } from './fixtures/error-fixture.module';
import { listening, raw } from './support/routes';
import { bootTestApp, TestApp } from './support/test-app';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('Surfaces and their error envelopes', () => {
  let t: TestApp;
  let server: Server;

  beforeAll(async () => {
    t = await bootTestApp({ extraModules: [ErrorFixtureModule] });
    server = await listening(t);
  });
  afterAll(() => t.close());

  const surfaces = [
    { name: 'A', base: '/api/v1' },
    { name: 'B', base: '/scanner/api/v1' },
    { name: 'C', base: '/v1' },
  ] as const;

  /** Each surface's envelope for a given status, kind names and message. */
  function expected(
    surface: 'A' | 'B' | 'C',
    status: number,
    names: { a: string; b: string; c: string },
    message: unknown,
  ) {
    if (surface === 'A') return { success: false, error: { code: status, type: names.a, message } };
    if (surface === 'B') return { success: false, error: names.b, message };
    return { error: { code: names.c, message, hint: expect.any(String) } };
  }

  describe.each(surfaces)('surface $name', ({ name, base }) => {
    it('answers a valid request (the fixture works)', async () => {
      const res = await t.http.post(`${base}/__fixture/echo`).send({ contract_address: ADDRESS }).expect(201);
      expect(res.body).toEqual({ success: true, data: { contract_address: ADDRESS } });
    });

    it('unknown route → 404 in the envelope', async () => {
      const res = await t.http.get(`${base}/no-such-route`).expect(404);
      expect(res.body).toEqual(
        expected(
          name,
          404,
          { a: 'not_found_error', b: 'not_found', c: 'NOT_FOUND' },
          `No route for GET ${base}/no-such-route`,
        ),
      );
    });

    it('malformed JSON → 400 in the envelope', async () => {
      const res = await t.http
        .post(`${base}/__fixture/echo`)
        .set('Content-Type', 'application/json')
        .send('{"contract_address": ')
        .expect(400);
      expect(res.body).toEqual(
        expected(
          name,
          400,
          { a: 'validation_error', b: 'invalid_request', c: 'VALIDATION_ERROR' },
          expect.stringMatching(/^Malformed JSON/),
        ),
      );
    });

    it('body over 100 kB → 413 in the envelope', async () => {
      const res = await t.http
        .post(`${base}/__fixture/echo`)
        .send({ contract_address: ADDRESS, padding: 'x'.repeat(101 * 1024) })
        .expect(413);
      expect(res.body).toEqual(
        expected(
          name,
          413,
          { a: 'payload_too_large_error', b: 'payload_too_large', c: 'PAYLOAD_TOO_LARGE' },
          'Request body exceeds the 100 kB limit',
        ),
      );
    });

    it('validation failure → 400 naming the field and value', async () => {
      const res = await t.http.post(`${base}/__fixture/echo`).send({ contract_address: '0x123' }).expect(400);
      const details = { field: 'contract_address', value: '0x123' };
      if (name === 'A') {
        expect(res.body).toEqual({
          success: false,
          error: { code: 400, type: 'validation_error', message: 'Invalid contract address format', details },
        });
      } else if (name === 'B') {
        expect(res.body).toEqual({
          success: false,
          error: 'invalid_request',
          message: 'Invalid contract address format',
          details,
        });
      } else {
        expect(res.body).toEqual({
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Invalid contract address format',
            hint: expect.any(String),
            details,
          },
        });
      }
    });

    it('unknown body field and wrong type → 400 naming the field', async () => {
      const unknown = await t.http
        .post(`${base}/__fixture/echo`)
        .send({ contract_address: ADDRESS, evil: 1 })
        .expect(400);
      expect(JSON.stringify(unknown.body)).toContain('evil');
      const wrongType = await t.http
        .post(`${base}/__fixture/echo`)
        .send({ contract_address: ADDRESS, cache_ttl: -5 })
        .expect(400);
      expect(JSON.stringify(wrongType.body)).toContain('cache_ttl');
    });

    it('unexpected exception → 500 with a generic message and no internals', async () => {
      const res = await t.http.get(`${base}/__fixture/boom`).expect(500);
      expect(res.body).toEqual(
        expected(name, 500, { a: 'internal_error', b: 'internal_error', c: 'INTERNAL_ERROR' }, 'Internal server error'),
      );
      expect(res.text).not.toMatch(/secret|db\.ts|at \//);
    });

    it('headers over 16 kB → 431 in the envelope (Node refuses them before Express)', async () => {
      const res = await t.http
        .get(`${base}/no-such-route`)
        .set('X-Padding', 'x'.repeat(20 * 1024))
        .expect(431);
      expect(res.body).toEqual(
        expected(
          name,
          431,
          { a: 'headers_too_large_error', b: 'headers_too_large', c: 'HEADERS_TOO_LARGE' },
          'Request headers exceed the 16 kB limit',
        ),
      );
    });

    it('headers over 16 kB sent in a later packet than the request line → 431 in the envelope of the path', async () => {
      const { port } = server.address() as AddressInfo;
      // The padding goes only once the server has read the request line, so the parser fails on a chunk without it.
      const firstRead = new Promise<void>((resolve) =>
        server.once('connection', (s) => s.once('data', () => resolve())),
      );
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`GET ${base}/no-such-route HTTP/1.1\r\nHost: localhost\r\n`);
          void firstRead.then(() => socket.write(`X-Padding: ${'x'.repeat(20 * 1024)}\r\n\r\n`));
        });
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(
        expected(
          name,
          431,
          { a: 'headers_too_large_error', b: 'headers_too_large', c: 'HEADERS_TOO_LARGE' },
          'Request headers exceed the 16 kB limit',
        ),
      );
    });

    it("headers over 16 kB on a request that shares a packet with the end of another surface's body → 431 in the envelope of its own path", async () => {
      const { port } = server.address() as AddressInfo;
      const other = surfaces.find((s) => s.name !== name)!.base;
      const firstRead = new Promise<void>((resolve) =>
        server.once('connection', (s) => s.once('data', () => resolve())),
      );
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          // The other surface's request announces a 5-byte body; once its head is read, its body and this
          // surface's oversized request go in one write, so the parser fails on a chunk that begins with the body.
          socket.write(
            `POST ${other}/no-such-route HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n`,
          );
          void firstRead.then(() =>
            socket.write(
              `helloGET ${base}/no-such-route HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'x'.repeat(20 * 1024)}\r\n\r\n`,
            ),
          );
        });
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      const last = answer.slice(answer.lastIndexOf('HTTP/1.1 '));
      expect(last).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4))).toEqual(
        expected(
          name,
          431,
          { a: 'headers_too_large_error', b: 'headers_too_large', c: 'HEADERS_TOO_LARGE' },
          'Request headers exceed the 16 kB limit',
        ),
      );
    });

    it('an Expect header other than 100-continue → 417 in the envelope (Node answers it before Express)', async () => {
      const res = await raw(server, { method: 'GET', path: `${base}/health`, headers: { expect: 'teapot' } });
      expect(res.status).toBe(417);
      expect(res.body).toEqual(
        expected(
          name,
          417,
          { a: 'expectation_failed_error', b: 'expectation_failed', c: 'EXPECTATION_FAILED' },
          'Unsupported Expect header: only 100-continue is supported',
        ),
      );
    });
  });

  it('every response carries a request id, echoing a well-formed incoming one', async () => {
    const own = await t.http.get('/health').set('X-Request-Id', 'trace-123').expect(200);
    expect(own.headers['x-request-id']).toBe('trace-123');
    const made = await t.http.get('/nope').set('X-Request-Id', 'bad id with spaces').expect(404);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['a key', `ta_${'ab'.repeat(32)}`],
    ["a key's secret part", 'cd'.repeat(32)],
    ['65 characters', 'r'.repeat(65)],
    ['a colon', 'trace:1'],
  ])(
    'replaces an X-Request-Id that is %s with a fresh one (it is written into every log line)',
    async (_what, incoming) => {
      const res = await t.http.get('/health').set('X-Request-Id', incoming).expect(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('keeps a 32-digit W3C trace id as the request id', async () => {
    const res = await t.http.get('/health').set('X-Request-Id', '4bf92f3577b34da6a3ce929d0e0e4736').expect(200);
    expect(res.headers['x-request-id']).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('hides X-Powered-By and sets helmet headers', async () => {
    const res = await t.http.get('/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
