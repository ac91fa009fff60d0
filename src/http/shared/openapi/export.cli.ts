import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createApp } from '../../../app.factory';
import { loadConfig } from '../../../config/app-config';
import { buildOpenApiDocument } from './document';

/**
 * `npm run openapi:export [file]`: writes the OpenAPI document the service serves at /v1/openapi.json
 * (default: packages/sdk/openapi.json, which the SDK is generated from). Nothing is started: the
 * document comes from the routes' declarations alone.
 */
async function main(): Promise<void> {
  const target = resolve(process.argv[2] ?? 'packages/sdk/openapi.json');
  // The app is built but never initialised: no connection is made to this database.
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' }).with({
    databaseUrl: 'postgresql://unused@127.0.0.1:9/unused',
  });
  const app = await createApp(config, { logStream: { write: () => undefined } });
  const document = buildOpenApiDocument(app, config);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  await app.close();
  console.log(`Wrote ${target}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
