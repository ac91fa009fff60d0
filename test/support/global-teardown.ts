import type { EmbeddedPostgresHandle } from '../../src/prisma/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const pg = (globalThis as Record<string, unknown>).__testPostgres as EmbeddedPostgresHandle | undefined;
  await pg?.stop();
}
