import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './test-app';

/** A route as the app's router registered it: `/api/v1/token/:address`. */
export interface ServedRoute {
  method: string;
  path: string;
}

const registered = new WeakMap<INestApplication, ServedRoute[]>();

/**
 * Records the routes Fastify registers (call before `app.init()`). HEAD routes Fastify adds beside each
 * GET are left out: HEAD is answered for every GET route, as it was under Express, whose router listed GET only.
 */
export function recordRoutes(app: INestApplication): void {
  const routes: ServedRoute[] = [];
  registered.set(app, routes);
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && route.exposeHeadRoute !== false && routes.some((r) => r.path === route.url)) continue;
      routes.push({ method, path: route.url });
    }
  });
}

/** Every route the app's router serves, as recorded by recordRoutes. */
export function servedRoutes(app: INestApplication): ServedRoute[] {
  const routes = registered.get(app);
  if (!routes) throw new Error('recordRoutes(app) was not called before app.init()');
  return routes;
}

export const ROUTE_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** Every API route the app serves, from its own router, with its parameters filled in by an address. */
export function concreteRoutes(t: TestApp): { method: string; path: string }[] {
  return (
    servedRoutes(t.app)
      // /docs is Swagger UI's static files, no surface's API.
      .filter((route) => !route.path.startsWith('/docs'))
      .map((route) => ({ method: route.method, path: route.path.replace(/:(\w+)/g, ROUTE_ADDRESS) }))
  );
}

/** Starts listening on a free loopback port (for raw requests). */
export async function listening(t: TestApp): Promise<Server> {
  const server = t.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * One request exactly as written: Node's client sends the path without normalising it. A header given
 * as `undefined` is left out (so is Content-Type, which is otherwise `application/json`); a Buffer body
 * is sent byte for byte.
 */
export function raw(
  server: Server,
  request: { method: string; path: string; headers?: Record<string, string | undefined>; body?: string | Buffer },
): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }> {
  const { port } = server.address() as AddressInfo;
  const headers = Object.fromEntries(
    Object.entries({ 'content-type': 'application/json', ...request.headers }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: request.method, path: request.path, headers }, (res) => {
      // A stream that stays open (an alert stream) is answered once its headers arrive: its status is the answer.
      if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        resolve({ status: res.statusCode!, body: '', headers: res.headers });
        req.destroy();
        return;
      }
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: parsed(text), headers: res.headers }));
    });
    req.on('error', reject);
    // Node sends a DELETE's (or a GET's) body with neither Content-Length nor chunking: the server would read it as a next request.
    req.end(request.body ?? (request.method === 'GET' || request.method === 'DELETE' ? undefined : '{}'));
  });
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
