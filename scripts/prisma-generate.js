#!/usr/bin/env node
// Generates the Prisma client offline. The client is built by WebAssembly; the CLI only checks at
// start-up that a schema-engine binary exists, which cannot be downloaded here, so point it at any file.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const cli = require.resolve('prisma/build/index.js');
execFileSync(process.execPath, [cli, 'generate'], {
  stdio: 'inherit',
  cwd: path.join(__dirname, '..'),
  env: { PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1', ...process.env },
});
