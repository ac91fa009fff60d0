/**
 * The solc releases the deployed-token harness can compile with, which of them a pragma allows (and
 * in which order to try them), and how to load one: from an installed npm alias when there is one,
 * otherwise from that release's npm tarball, cached outside the repository.
 *
 * Load one compiler per process (see compile-worker.ts): soljson builds are Emscripten modules that
 * keep global state and cannot be unloaded.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The subset of the `semver` 5.x API used here (the package ships no types and @types/semver is not installed). */
interface SemverApi {
  validRange(range: string): string | null;
  satisfies(version: string, range: string): boolean;
  compare(a: string, b: string): number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const semver = require('semver') as SemverApi;

/**
 * Every usable solc release on npm from 0.4.1 on, ascending. 0.4.12 was never published on npm and
 * the npm tarball of 0.4.0 holds a GitHub "page not found" page instead of soljson.js, so both are
 * absent (code they compiled usually matches 0.4.11/0.4.13 or 0.4.1). Releases before 0.4.11 have no
 * standard-JSON entry point: solc/wrapper drives them through their legacy JSON API (optimizer on or
 * off, runs fixed at 200; contracts come back under the file name '').
 */
export const SOLC_RELEASES: readonly string[] = [
  ...range('0.4', 1, 26).filter((v) => v !== '0.4.12'),
  ...range('0.5', 0, 17),
  ...range('0.6', 0, 12),
  ...range('0.7', 0, 6),
  ...range('0.8', 0, 37),
];

function range(line: string, from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `${line}.${from + i}`);
}

/**
 * npm versions whose plain tarball is wrong: `solc@0.8.7` holds a 0.7.5 soljson and `solc@0.8.14`
 * is known to be broken; the `-fixed` re-publications hold the real builds. `0.8.23-fixed` exists too,
 * but checked here its soljson.js is byte-identical to plain `0.8.23` (same md5, reports
 * 0.8.23+commit.f704f362), so either works; the plain tag is kept. Whatever the tag, loadSoljson()
 * checks the build's own version string.
 */
const NPM_TAG_OVERRIDES: Record<string, string> = {
  '0.8.7': '0.8.7-fixed',
  '0.8.14': '0.8.14-fixed',
};

/** The npm version to `npm pack` for a release. */
export function npmTag(version: string): string {
  return NPM_TAG_OVERRIDES[version] ?? version;
}

/**
 * A source without any pragma predates the habit of writing one, or was written for whatever
 * compiler the author had: every 0.4 release, then the last 0.5 one.
 */
export const DEFAULT_RANGE = '>=0.4.1 <0.5.0 || 0.5.17';

/** Turns a pragma expression as written ('^ 0.4.11', '>= 0.4.22 < 0.6.0', 'v0.4.24;') into a semver range, or null. */
export function normalisePragma(pragma: string): string | null {
  const cleaned = pragma
    .replace(/;/g, ' ')
    .replace(/\bv(?=\d)/g, '')
    .replace(/([\^~]|[<>]=?|=)\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned) return null;
  return semver.validRange(cleaned);
}

/**
 * The releases that satisfy `pragma`, in the order to try them:
 *
 *   1. the pragma's floor (the oldest release allowed): authors mostly write `^x.y.z` with the
 *      compiler they are using at the time, and exact pragmas ('0.4.18') name it outright;
 *   2. the newest release allowed: the other common habit is to compile with the latest release of
 *      the line on the day of deployment (Remix's and Etherscan's default), which for old code is the
 *      line's last release;
 *   3. the rest ascending: after the floor, the releases closest to the time the code was written.
 *
 * Measured on sources-dev (measure.ts --orders: every release that fits the code compiled, then the
 * orders replayed), compiles until the first match over the 199 rows matched with runs 200 / off:
 *   floor, newest, rest ascending   887     ascending 1144     descending 2070
 * and with rankByCode() (below) moving the releases that fit the deployed code to the front:
 *   floor, newest, rest ascending   569     ascending  604     descending  882
 *   newest, floor, rest descending  647
 * (452 once settingsOrder() in compile-rows.ts also picks the optimizer setting to try first).
 *
 * A null pragma means DEFAULT_RANGE. An unparseable pragma or one no release satisfies gives [].
 */
export function candidateVersions(pragma: string | null): string[] {
  const range = pragma === null ? DEFAULT_RANGE : normalisePragma(pragma);
  if (range === null) return [];
  const allowed = SOLC_RELEASES.filter((v) => semver.satisfies(v, range));
  if (allowed.length <= 2) return allowed;
  const floor = allowed[0];
  const newest = allowed[allowed.length - 1];
  return [floor, newest, ...allowed.slice(1, -1)];
}

/** What the deployed runtime code tells about the compiler that produced it. */
export interface CodeHints {
  /** The exact release, when the metadata names it (solc >= 0.5.9). */
  exact?: string;
  /** Releases the code's shape is consistent with (a semver range). */
  range?: string;
}

/**
 * Reads compiler hints from deployed runtime code:
 *  - solc >= 0.5.9 appends `64736f6c6343 <major minor patch>` ("solc": version) to the metadata;
 *  - the metadata hash is Swarm bzzr0 up to 0.5.11, bzzr1 for 0.5.12–0.5.17, IPFS from 0.6.0;
 *    code with no metadata at all comes from a release before 0.4.7;
 *  - the free-memory pointer starts at 0x60 (`6060604052`) before 0.4.22 and at 0x80 after.
 */
export function codeHints(code: string): CodeHints {
  const hex = code.toLowerCase().replace(/^0x/, '');
  const tail = hex.slice(-120);
  const solcAt = tail.lastIndexOf('64736f6c6343');
  if (solcAt >= 0 && (tail.length - solcAt) % 2 === 0) {
    const v = tail.slice(solcAt + 12, solcAt + 18);
    if (v.length === 6)
      return { exact: `${parseInt(v.slice(0, 2), 16)}.${parseInt(v.slice(2, 4), 16)}.${parseInt(v.slice(4, 6), 16)}` };
  }
  const ranges: string[] = [];
  if (hex.includes('a264697066735822') || hex.includes('a164697066735822')) ranges.push('>=0.6.0');
  else if (hex.includes('65627a7a72315820')) ranges.push('>=0.5.12 <0.6.0');
  else if (hex.includes('65627a7a72305820')) ranges.push('>=0.4.7 <0.5.12');
  else ranges.push('<0.4.7');
  if (hex.startsWith('6060604052')) ranges.push('<0.4.22');
  else if (hex.startsWith('6080604052')) ranges.push('>=0.4.22');
  return { range: ranges.join(' ') };
}

/**
 * Reorders candidates (stable) so that the releases consistent with the deployed code come first;
 * the others keep their order after them (hints narrow the search, they never exclude a release).
 */
export function rankByCode(versions: string[], code: string): string[] {
  const fits = fitsCode(code);
  return [...versions.filter(fits), ...versions.filter((v) => !fits(v))];
}

/** A predicate: is a release consistent with codeHints(code)? */
export function fitsCode(code: string): (version: string) => boolean {
  const hints = codeHints(code);
  return (v) => (hints.exact ? v === hints.exact : hints.range ? semver.satisfies(v, hints.range) : true);
}

// ---------------------------------------------------------------- loading a compiler

/** The solc-js interface of solc/wrapper used here. */
export interface SolcCompiler {
  version(): string;
  compile(input: string): string;
}

/** Installed npm aliases of solc, by the release they hold (read from each package.json). */
const INSTALLED_PACKAGES = ['solc', 'solc-0.4', 'solc-0.5', 'solc-0.6', 'solc-0.7'];

let installedCache: Map<string, string> | undefined;

/** release -> path of an installed soljson.js for it. */
export function installedSoljsons(): Map<string, string> {
  if (installedCache) return installedCache;
  installedCache = new Map();
  for (const pkg of INSTALLED_PACKAGES) {
    try {
      const manifest = require.resolve(`${pkg}/package.json`);
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
      const soljson = join(manifest, '..', 'soljson.js');
      if (existsSync(soljson) && !installedCache.has(version)) installedCache.set(version, soljson);
    } catch {
      // not installed: that release gets downloaded when needed
    }
  }
  return installedCache;
}

/** Where downloaded soljson builds live: $SOLC_CACHE_DIR or ~/.cache/token-analysis/solc. */
export function solcCacheDir(): string {
  return process.env.SOLC_CACHE_DIR || join(homedir(), '.cache', 'token-analysis', 'solc');
}

export interface LoadOptions {
  /** Overrides solcCacheDir(). */
  cacheDir?: string;
  /** Download missing releases from npm (default: true, except under Jest, which never downloads). */
  allowDownload?: boolean;
}

function run(cmd: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err)
        reject(
          new Error(
            `${cmd} ${args.join(' ')} failed: ${(stderr || err.message).trim().split('\n').slice(-3).join(' ')}`,
          ),
        );
      else resolve(stdout);
    });
  });
}

/**
 * Path of a soljson.js for `version`: an installed package's, or the cached download (fetched with
 * `npm pack` and extracted with `tar` into a private temporary folder, then renamed into place, so
 * concurrent processes never see a partial file; the last rename wins with an identical file).
 */
export async function ensureSoljson(version: string, opts: LoadOptions = {}): Promise<string> {
  const installed = installedSoljsons().get(version);
  if (installed) return installed;
  if (!SOLC_RELEASES.includes(version)) throw new Error(`solc ${version} is not a known release`);
  const root = opts.cacheDir ?? solcCacheDir();
  const target = join(root, version, 'soljson.js');
  if (existsSync(target) && statSync(target).size > 0) return target;
  const allow = opts.allowDownload ?? process.env.JEST_WORKER_ID === undefined;
  if (!allow) throw new Error(`solc ${version} is not installed or cached and downloads are off`);
  mkdirSync(join(root, version), { recursive: true });
  const tmp = mkdtempSync(join(root, `.download-${version}-`));
  try {
    const packed = await run(
      'npm',
      ['pack', `solc@${npmTag(version)}`, '--pack-destination', tmp, '--json', '--silent'],
      tmp,
    );
    let tarball: string;
    try {
      tarball = (JSON.parse(packed) as { filename: string }[])[0].filename;
    } catch {
      throw new Error(`npm pack solc@${npmTag(version)} printed no file name`);
    }
    await run('tar', ['-xzf', join(tmp, tarball), '-C', tmp, 'package/soljson.js'], tmp);
    const extracted = join(tmp, 'package', 'soljson.js');
    if (!existsSync(extracted)) throw new Error(`solc@${npmTag(version)} has no soljson.js`);
    renameSync(extracted, target);
    return target;
  } catch (err) {
    throw new Error(`could not download solc ${version}: ${(err as Error).message}`, { cause: err });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Loads solc `version` through the current solc package's wrapper (which also drives pre-0.4.11
 * builds through their legacy API) and checks that the build really is that release.
 */
export async function loadSoljson(version: string, opts: LoadOptions = {}): Promise<SolcCompiler> {
  const path = await ensureSoljson(version, opts);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const wrapper = require('solc/wrapper') as (soljson: unknown) => SolcCompiler;
  const installed = installedSoljsons().has(version);
  let solc: SolcCompiler;
  let actual: string;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    solc = wrapper(require(path));
    actual = solc.version();
  } catch (err) {
    if (!installed) rmSync(path, { force: true });
    throw new Error(`soljson for solc ${version} does not load: ${(err as Error).message}`, { cause: err });
  }
  if (!actual.startsWith(`${version}+`) && actual !== version) {
    if (!installed) rmSync(path, { force: true });
    throw new Error(`soljson for solc ${version} reports version ${actual}`);
  }
  return solc;
}
