import type { DevnetHandle } from '../../devnet';
import type { EmbeddedPostgresHandle } from '../../src/prisma/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as Record<string, unknown>;
  await (g.__testPostgres as EmbeddedPostgresHandle | undefined)?.stop();
  await (g.__testDevnet as DevnetHandle | undefined)?.stop();
}
