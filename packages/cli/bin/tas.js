#!/usr/bin/env node
'use strict';
// Built by `npm run build` (or `npm start`) at the repository root.
const { run } = require('../dist/cli/src/main.js');

run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`tas: ${err && err.message ? err.message : err}\n`);
    process.exitCode = 3;
  },
);
