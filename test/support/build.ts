import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '..', '..');

/**
 * `npm run build` (what `npm start` runs first: the service, the SDK, the CLI and the web console), once
 * per `jest` run: the first suite that needs a build makes it, later ones in the same run reuse it (the
 * run's id comes from global-setup.ts). A suite run alone builds too, so it never tests a stale `dist/`.
 */
export async function ensureBuilt(): Promise<void> {
  const runId = process.env.TEST_RUN_ID;
  const marker = runId ? join(root, 'dist', `.built-by-test-run-${runId}`) : undefined;
  if (marker && existsSync(marker)) return;
  await promisify(execFile)('npm', ['run', '--silent', 'build'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  if (marker) {
    const dist = join(root, 'dist');
    mkdirSync(dist, { recursive: true });
    for (const old of readdirSync(dist).filter((f) => f.startsWith('.built-by-test-run-'))) rmSync(join(dist, old));
    writeFileSync(marker, `${new Date().toISOString()}\n`);
  }
}
