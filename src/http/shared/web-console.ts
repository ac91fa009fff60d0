import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { projectRoot } from '../../common/project-root';

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
 * surfaces, whose unknown paths keep answering 404 in their envelope.
 */
export function webConsole(dir: string) {
  const page = readFileSync(join(dir, 'index.html'));
  const assets = express.static(join(dir, 'assets'), {
    immutable: true,
    maxAge: '365d',
    index: false,
    redirect: false,
  });
  const pages = new Set<string>(CONSOLE_PAGES);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (pages.has(req.path)) {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Content-Length', page.length);
      res.end(req.method === 'HEAD' ? undefined : page);
      return;
    }
    if (req.path.startsWith('/assets/')) {
      req.url = req.url.slice('/assets'.length);
      assets(req, res, (err?: unknown) => {
        req.url = `/assets${req.url}`;
        next(err);
      });
      return;
    }
    next();
  };
}
