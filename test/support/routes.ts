import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './test-app';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

export const ROUTE_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** Every API route the app serves, from Express's own router, with its parameters filled in by an address. */
export function concreteRoutes(t: TestApp): { method: string; path: string }[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } };
  return (
    express.router.stack
      // Catch-alls are not-found handling; /docs is Swagger UI's static files, no surface's API.
      .filter((layer) => layer.route && !layer.route.path.includes('{*') && !layer.route.path.startsWith('/docs'))
      .flatMap((layer) =>
        Object.keys(layer.route!.methods).map((m) => ({
          method: m.toUpperCase(),
          path: layer.route!.path.replace(/:(\w+)/g, ROUTE_ADDRESS),
        })),
      )
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
