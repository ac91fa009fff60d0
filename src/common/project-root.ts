import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

let root: string | undefined;

/** The folder holding package.json; works from src/ (ts-jest, tsx) and from dist/src/ (built). */
export function projectRoot(): string {
  if (!root) {
    let dir = __dirname;
    while (!existsSync(join(dir, 'package.json'))) {
      const parent = dirname(dir);
      if (parent === dir) throw new Error(`package.json not found above ${__dirname}`);
      dir = parent;
    }
    root = dir;
  }
  return root;
}
