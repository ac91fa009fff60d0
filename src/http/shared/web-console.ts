import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import send from '@fastify/send';
import type { onRequestHookHandler } from 'fastify';
import { projectRoot } from '../../common/project-root';
import { pathOf } from './auth/request-context';

/** The pages of the web console (web/, built by `npm run build` into dist/web): one HTML file, routed in the page. */
export const CONSOLE_PAGES = ['/', '/console'] as const;

/** Where the built console is, or undefined when it was not built (the API works without it). */
export function builtConsole(root = projectRoot()): string | undefined {
  const dir = join(root, 'dist', 'web');
  return existsSync(join(dir, 'index.html')) ? dir : undefined;
}

/**
 * Serves the console's pages (GET and HEAD of exactly `/` and `/console`) and its hashed assets under
 * `/assets/` (cached for a year: their names change with their content). Anything else goes on to the
 * surfaces, whose unknown paths keep answering 404 in their envelope (a missing asset too).
 */
export function webConsole(dir: string): onRequestHookHandler {
  const page = readFileSync(join(dir, 'index.html'));
  const assets = { root: join(dir, 'assets'), immutable: true, maxAge: '365d', index: false } as const;
  const pages = new Set<string>(CONSOLE_PAGES);
  return (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const req = request.raw;
    const res = reply.raw;
    const path = pathOf(req);
    if (pages.has(path)) {
      reply.hijack();
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Content-Length', page.length);
      res.end(request.method === 'HEAD' ? undefined : page);
      return;
    }
    if (!path.startsWith('/assets/')) return done();
    send(req, path.slice('/assets'.length), assets).then(
      ({ statusCode, headers, stream, type }) => {
        // A file that is not there (or a folder) is the API's 404; a failure to read it, its 500.
        if (type !== 'file') {
          stream.destroy();
          return statusCode < 500 ? done() : done(new Error(`Reading a console asset failed (${statusCode})`));
        }
        reply.hijack();
        res.writeHead(statusCode, headers);
        stream.pipe(res);
      },
      (err: Error) => done(err),
    );
  };
}
