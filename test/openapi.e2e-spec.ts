import SwaggerParser from '@apidevtools/swagger-parser';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DriftChecker } from './support/drift-gate';
import { servedRoutes as routesOf } from './support/routes';
import { bootTestApp, TestApp } from './support/test-app';

/** Every route the running app serves, as `METHOD /path/{param}`, from its own router. */
function servedRoutes(t: TestApp): string[] {
  return routesOf(t.app)
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
    .filter((r) => !/ \/docs|openapi\.(json|yaml)$/.test(r));
}

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('serves a valid OpenAPI 3 document at /v1/openapi.json with both security schemes', async () => {
    const res = await t.http.get('/v1/openapi.json').expect(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
    expect(doc.components.securitySchemes).toEqual({
      ServiceApiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Service-API-Key' }),
      BearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('lists every route the app serves, and nothing else', async () => {
    const doc = (await t.http.get('/v1/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const served = servedRoutes(t);
    expect(served).toContain('GET /health');
    expect(served).toContain('GET /scanner/health');
    expect(documented.sort()).toEqual(served.sort());
  });

  it('gives every operation a response schema', async () => {
    const doc = (await t.http.get('/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const withSchema = Object.values(op.responses).some((r) => r.content);
        expect({ route: `${method} ${path}`, withSchema }).toEqual({ route: `${method} ${path}`, withSchema: true });
      }
    }
  });

  it('lints with 0 errors under the recommended Redocly rules (redocly.yaml), examples included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify((await t.http.get('/v1/openapi.json')).body));
      const root = join(__dirname, '..');
      const lint = promisify(execFile)(
        join(root, 'node_modules/.bin/redocly'),
        ['lint', file, '--format=summary', `--config=${join(root, 'redocly.yaml')}`],
        { cwd: root },
      );
      // Any error makes redocly exit non-zero (the promise rejects with its report).
      await expect(lint).resolves.toMatchObject({ stderr: expect.stringMatching(/Your API description is valid/) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names every operation, once, as a person would (no framework default like TokenController_scan)', async () => {
    const doc = (await t.http.get('/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId ?? '(none)'));
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every error status of every operation its surface envelope, with an example', async () => {
    const doc = (await t.http.get('/v1/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, { content?: Record<string, { schema: { $ref?: string }; example?: unknown }> }> }
        >
      >;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      const envelope = path.startsWith('/scanner')
        ? /(ErrorB|RateLimitedB)$/
        : path.startsWith('/v1/')
          ? /ErrorC$/
          : /ErrorA$/;
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (status !== 'default' && Number(status) < 400) continue;
          const media = response.content?.['application/json'];
          if (path.endsWith('/health') && status === '503') continue;
          expect({
            op: `${method} ${path} ${status}`,
            ref: media?.schema.$ref,
            example: media?.example !== undefined,
          }).toEqual({
            op: `${method} ${path} ${status}`,
            ref: expect.stringMatching(envelope),
            example: true,
          });
        }
      }
    }
  });

  it('has a drift gate that catches an undocumented field, a wrong type and an undocumented status', async () => {
    const checker = new DriftChecker((await t.http.get('/v1/openapi.json')).body);
    const good = (await t.http.get('/health')).body;
    const check = (status: number, body: unknown) =>
      checker.check({
        method: 'GET',
        path: '/health',
        status,
        headers: {},
        body: Buffer.from(JSON.stringify(body)),
        contentType: 'application/json',
      });
    expect(check(200, good)).toBeNull();
    expect(check(200, { ...good, surprise: 1 })?.problems).toEqual([
      expect.stringContaining('must NOT have additional properties (surprise)'),
    ]);
    expect(check(200, { ...good, version: 1 })?.problems).toEqual([
      expect.stringContaining('body/version must be string'),
    ]);
    expect(check(201, good)?.problems).toEqual(['status 201 is not documented']);
  });

  it('serves Swagger UI at /docs', async () => {
    const res = await t.http.get('/docs').expect(200);
    expect(res.text).toContain('swagger-ui');
  });
});
