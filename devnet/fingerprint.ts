import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSources, sourcesHash } from './compile';
import { listFiles, projectRoot } from './paths';

/** Bump to force every saved devnet state to be rebuilt (e.g. after changing anvil flags). */
export const BUILDER_VERSION = 1;

/**
 * Identifies a world: contract sources + compiler settings + the builder's own TypeScript.
 * Read from the project's devnet/ sources, so it is the same whether this code runs via tsx
 * or from dist/. Wall-clock time is not part of it; staleness is handled separately.
 */
export function worldFingerprint(): string {
  const h = createHash('sha256');
  // contracts/sim/ is the service's trade simulator: the world never deploys it, so editing it must not rebuild the world.
  const worldSources = Object.fromEntries(Object.entries(readSources()).filter(([file]) => !file.startsWith('sim/')));
  h.update(`builder:${BUILDER_VERSION}\0contracts:${sourcesHash(worldSources)}\0`);
  const devnetDir = join(projectRoot(), 'devnet');
  // Specs beside the builder do not shape the world: editing them must not rebuild it.
  const worldFiles = listFiles(join(devnetDir, 'world'), '.ts').filter((f) => !f.endsWith('.spec.ts'));
  const builderFiles = ['compile.ts', 'devnet-manifest.ts', ...worldFiles.map((f) => `world/${f}`)];
  for (const file of builderFiles) h.update(`${file}\0${readFileSync(join(devnetDir, file), 'utf8')}\0`);
  return h.digest('hex').slice(0, 32);
}
