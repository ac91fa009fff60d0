import type { Server } from 'node:http';
import { surfaceOf } from '../src/http/shared/surface';
import { isNotFoundEnvelope } from './support/envelopes';
import { keyOfPlan } from './support/keys';
import { concreteRoutes, listening, raw, ROUTE_ADDRESS as ADDRESS } from './support/routes';
import { bootTestApp, TestApp } from './support/test-app';

/** The same path spelled another way: none of these is a route of any surface. */
function variants(path: string): { how: string; path: string }[] {
  const segments = path.split('/');
  const lastStatic = segments
    .map((s, i) => (/[a-z]/.test(s) && s !== ADDRESS ? i : -1))
    .filter((i) => i > 0)
    .pop()!;
  const encoded = [...segments];
  const word = encoded[lastStatic];
  const at = word.search(/[a-z]/);
  encoded[lastStatic] = `${word.slice(0, at)}%${word.charCodeAt(at).toString(16)}${word.slice(at + 1)}`;
  const upperFirst = [...segments];
  upperFirst[1] = upperFirst[1].toUpperCase();
  return [
    { how: 'upper-case prefix', path: upperFirst.join('/') },
    { how: 'upper-case path', path: path.toUpperCase() },
    { how: 'doubled slash', path: path.replace(/^(\/[^/]+)\//, '$1//') },
    { how: 'leading doubled slash', path: `/${path}` },
    { how: 'trailing slash', path: `${path}/` },
    { how: 'encoded letter', path: encoded.join('/') },
    { how: 'dot-dot segment', path: path.replace(/^(\/[^/]+)\//, '$1/x/../') },
    { how: 'dot-dot prefix', path: `/x/..${path}` },
  ].filter((v) => v.path !== path);
}

describe('Routing is exact: a path serves only the surface it belongs to', () => {
  let t: TestApp;
  let server: Server;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp();
    server = await listening(t);
    const key = await keyOfPlan(t, 'team');
    headers = { 'x-service-api-key': key, authorization: `Bearer ${key}` };
  });
  afterAll(() => t.close());

  it('answers every route, spelled any other way, with 404 in the envelope of the surface its path names', async () => {
    const routes = concreteRoutes(t);
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of routes) {
      for (const variant of variants(route.path)) {
        const res = await raw(server, { method: route.method, path: variant.path, headers });
        const surface = surfaceOf(variant.path, t.config.scannerBasePath);
        if (res.status !== 404 || !isNotFoundEnvelope(surface, res.body)) {
          wrong.push(
            `${route.method} ${variant.path} (${variant.how}) → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("serves a case-altered scanner prefix as nothing: B's limits count every call that B answers", async () => {
    const upper = await raw(server, { method: 'POST', path: '/SCANNER/api/v1/token/analyze', headers });
    expect(upper.status).toBe(404);
    expect(isNotFoundEnvelope('A', upper.body)).toBe(true);
    const mixed = await raw(server, { method: 'GET', path: '/V1/openapi.json', headers });
    expect(mixed.status).toBe(404);
  });
});
