#!/usr/bin/env node
/**
 * The browser tests drive Debian's Chromium (playwright-core, no downloaded browser). Run before
 * `npm test`: when it is missing and this runs as root with apt-get (CI, a fresh Debian machine), it is
 * installed; otherwise this says how, and the browser suite fails with the same advice.
 */
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
const root = typeof process.getuid === 'function' && process.getuid() === 0;
if (!root || !existsSync('/usr/bin/apt-get')) {
  console.warn(`Chromium is not at ${path}: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH; the browser tests need it.`);
  process.exit(0);
}
console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
} catch {
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
}
