#!/usr/bin/env node
/**
 * The browser tests drive Debian's Chromium (playwright-core, no downloaded browser). Run before
 * `npm test`: when it is missing and apt-get can run (as root, or through sudo without a password: CI, a
 * fresh Debian machine), it is installed; otherwise this says how, and the browser suite fails with the
 * same advice.
 */
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
const root = typeof process.getuid === 'function' && process.getuid() === 0;
/** Root runs apt-get itself; anyone else only through sudo that asks no password (a developer's own machine or container). */
const passwordlessSudo = () => {
  try {
    execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const prefix = root ? [] : passwordlessSudo() ? ['sudo', '-n'] : null;
if (!prefix || !existsSync('/usr/bin/apt-get')) {
  console.warn(
    `Chromium is not at ${path}: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH; the browser tests need it.`,
  );
  process.exit(0);
}
console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const aptGet = (...args) => {
  const [command, ...rest] = [...prefix, 'apt-get', ...args];
  execFileSync(command, rest, { stdio: 'inherit', env });
};
try {
  aptGet('install', '-y', '--no-install-recommends', 'chromium');
} catch {
  aptGet('update');
  aptGet('install', '-y', '--no-install-recommends', 'chromium');
}
