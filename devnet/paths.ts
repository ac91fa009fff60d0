import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The project root is the nearest ancestor holding package.json. Walking up (instead of a fixed
 * `..`) makes the same code work from devnet/ (tsx, ts-jest) and from dist/devnet/ (tsc output).
 */
export function projectRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`devnet: no package.json found above ${from}`);
    dir = parent;
  }
}

export const contractsDir = (): string => join(projectRoot(), 'contracts');
export const manifestPath = (): string => join(projectRoot(), 'devnet', 'manifest.json');
export const socialPostsPath = (): string => join(projectRoot(), 'devnet', 'social-posts.json');

/** Files under `dir` (recursive) ending in `ext`, as sorted '/'-separated relative paths. */
export function listFiles(dir: string, ext: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(ext)) out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}
