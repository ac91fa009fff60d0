import SwaggerParser from '@apidevtools/swagger-parser';
import { bootTestApp, TestApp } from './support/test-app';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route the running app serves, as `METHOD /path/{param}`, from Express's own router. */
function servedRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } };
  return express.router.stack
    // `/{*path}` layers are catch-alls (not-found handling), not endpoints.
    .filter((layer) => layer.route && !layer.route.path.includes('{*'))
    .flatMap((layer) =>
      Object.keys(layer.route!.methods).map(
        (m) => `${m.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`,
      ),
    )
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
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
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

  it('serves Swagger UI at /docs', async () => {
    const res = await t.http.get('/docs').expect(200);
    expect(res.text).toContain('swagger-ui');
  });
});
