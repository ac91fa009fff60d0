import { defineConfig } from 'prisma/config';

// The URL is only needed by Prisma CLI commands that talk to a database (studio, db pull);
// the service itself applies migrations with its own runner (src/prisma/migration-runner.ts).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
});
