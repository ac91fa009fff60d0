/**
 * Comparing our compile's runtime code with the code deployed on mainnet.
 *
 * Code is handled as lowercase hex without 0x. What legitimately differs between a faithful
 * recompile and the deployed code, and is neutralised before comparing:
 *  - the metadata hash (it hashes the source unit name, settings and comments, which we cannot
 *    know), in the trailing CBOR and in every CBOR of a sub-contract's creation code embedded in the
 *    runtime code (a contract that `new`s another carries the child's code and metadata);
 *  - immutables (0.6.5+), written by the constructor into the runtime code;
 *  - unlinked library placeholders in our code (`__$<34 hex>$__`, or `__<file:Lib padded with _>__`
 *    before 0.5), which the deployed code holds as library addresses;
 *  - a library's own address, which a deployed library's code (0.4.20+) embeds at its start.
 */
import type { ImmutableRef } from './compile-worker';

const HASH_MARKERS: { marker: string; bytes: number }[] = [
  { marker: '65627a7a72305820', bytes: 32 }, // "bzzr0" + bytes(32): solc 0.4.7 – 0.5.11
  { marker: '65627a7a72315820', bytes: 32 }, // "bzzr1" + bytes(32): solc 0.5.12 – 0.5.17
  { marker: '64697066735822', bytes: 34 }, // "ipfs" + bytes(34) (sha2-256 multihash): solc 0.6+
];

function plain(code: string): string {
  return code.toLowerCase().replace(/^0x/, '');
}

function zero(hex: string, from: number, chars: number): string {
  if (from < 0 || from >= hex.length) return hex;
  const to = Math.min(hex.length, from + chars);
  return hex.slice(0, from) + '0'.repeat(to - from) + hex.slice(to);
}

/**
 * Reads one CBOR item at byte offset `at` of `bytes` and returns its end (-1 when it is not CBOR solc
 * writes), calling `onBytes` for every byte string met. Only what solc's metadata uses: maps, text and
 * byte strings, unsigned ints, booleans.
 */
function cborItem(bytes: Uint8Array, at: number, onBytes: (from: number, to: number) => void, depth = 0): number {
  if (at >= bytes.length || depth > 4) return -1;
  const major = bytes[at] >> 5;
  const info = bytes[at] & 0x1f;
  if (major === 7) return info === 20 || info === 21 || info === 22 ? at + 1 : -1;
  let len: number;
  let p = at + 1;
  if (info < 24) len = info;
  else if (info === 24 && p < bytes.length) len = bytes[p++];
  else if (info === 25 && p + 1 < bytes.length) {
    len = (bytes[p] << 8) | bytes[p + 1];
    p += 2;
  } else return -1;
  if (major === 0) return p;
  if (major === 2 || major === 3) {
    if (p + len > bytes.length) return -1;
    if (major === 2) onBytes(p, p + len);
    return p + len;
  }
  if (major === 5) {
    for (let i = 0; i < len * 2 && p >= 0; i++) p = cborItem(bytes, p, onBytes, depth + 1);
    return p;
  }
  return -1;
}

/**
 * Zeroes every metadata hash in `code` (hex, with or without 0x; returns hex without 0x, same length):
 * each bzzr0 / bzzr1 / ipfs hash wherever it appears (trailing metadata and embedded sub-contracts'),
 * and every hash-sized byte string of the trailing CBOR map whose length the last two bytes give,
 * whatever its keys.
 */
export function stripMetadata(code: string): string {
  let hex = plain(code);
  for (const { marker, bytes } of HASH_MARKERS) {
    for (let i = hex.indexOf(marker); i >= 0; i = hex.indexOf(marker, i + 1)) {
      if (i % 2 === 0) hex = zero(hex, i + marker.length, bytes * 2);
    }
  }
  if (hex.length >= 4 && hex.length % 2 === 0) {
    const cborLen = parseInt(hex.slice(-4), 16);
    const start = hex.length / 2 - 2 - cborLen;
    if (cborLen > 0 && cborLen < 256 && start >= 0) {
      const bytes = Buffer.from(hex.slice(start * 2, -4), 'hex');
      if (bytes[0] >> 5 === 5) {
        const spans: [number, number][] = [];
        const end = cborItem(bytes, 0, (from, to) => spans.push([from, to]));
        // hashes only: a short byte string is the compiler version (solc >= 0.5.9), which must agree
        if (end === bytes.length)
          for (const [from, to] of spans) if (to - from >= 20) hex = zero(hex, (start + from) * 2, (to - from) * 2);
      }
    }
  }
  return hex;
}

/** The hex offsets of unlinked library placeholders (40 chars from a byte boundary, starting with '__'). */
export function placeholderPositions(hex: string): number[] {
  const found: number[] = [];
  for (let i = hex.indexOf('_'); i >= 0; i = hex.indexOf('_', i + 40)) {
    i -= i % 2;
    found.push(i);
  }
  return found;
}

/**
 * Our runtime code and the deployed one with everything that legitimately differs neutralised:
 * metadata hashes zeroed in both, immutables zeroed in both, our library placeholders replaced by
 * the deployed bytes at the same place, a library's self-address copied from the deployed code.
 */
export function normalisePair(
  ours: string,
  theirs: string,
  immutableReferences?: Record<string, ImmutableRef[]>,
): { ours: string; theirs: string } {
  let a = plain(ours);
  let b = plain(theirs);
  for (const p of placeholderPositions(a)) {
    const repl = b.length >= p + 40 ? b.slice(p, p + 40) : '0'.repeat(40);
    a = a.slice(0, p) + repl + a.slice(p + 40);
  }
  const selfAddress = /^730{40}3014/;
  if (selfAddress.test(a) && /^73[0-9a-f]{40}3014/.test(b)) a = b.slice(0, 42) + a.slice(42);
  for (const refs of Object.values(immutableReferences ?? {})) {
    for (const { start, length } of refs) {
      a = zero(a, start * 2, length * 2);
      b = zero(b, start * 2, length * 2);
    }
  }
  return { ours: stripMetadata(a), theirs: stripMetadata(b) };
}

const WINDOW = 6;

interface Windows {
  /** Per instruction: its size in bytes. */
  sizes: Uint8Array;
  count: number;
  /** Per window start (count - WINDOW + 1 of them): a 53-bit hash of WINDOW instructions. */
  keys: Float64Array;
}

/**
 * Instructions of runtime code hashed to integers (opcode + operand, PUSH2 operands, i.e. jump
 * targets, masked), then every window of WINDOW consecutive instructions hashed to a 53-bit number.
 */
function windows(hex: string): Windows {
  const bytes = Buffer.from(/[^0-9a-f]/.test(hex) ? hex.replace(/[^0-9a-f]/g, '0') : hex, 'hex');
  const hashes = new Int32Array(bytes.length);
  const sizes = new Uint8Array(bytes.length);
  let count = 0;
  for (let i = 0; i < bytes.length;) {
    const op = bytes[i];
    const n = op >= 0x60 && op <= 0x7f ? op - 0x5f : 0;
    let h = op + 1;
    if (n !== 2) for (let k = 1; k <= n && i + k < bytes.length; k++) h = Math.imul(h ^ bytes[i + k], 16777619);
    hashes[count] = h;
    sizes[count] = 1 + n;
    count++;
    i += 1 + n;
  }
  const starts = Math.max(0, count - WINDOW + 1);
  const keys = new Float64Array(starts);
  for (let i = 0; i < starts; i++) {
    let h1 = 0x811c9dc5;
    let h2 = 7;
    for (let k = 0; k < WINDOW; k++) {
      h1 = Math.imul(h1 ^ hashes[i + k], 16777619);
      h2 = (Math.imul(h2, 31) + hashes[i + k]) | 0;
    }
    keys[i] = (h1 >>> 0) * 2097152 + ((h2 >>> 0) & 0x1fffff);
  }
  return { sizes: sizes.subarray(0, count), count, keys };
}

/** The deployed code is compared with every contract of every compile: keep its windows for a while. */
const theirsCache = new Map<string, Windows>();

function theirWindows(hex: string): Windows {
  let w = theirsCache.get(hex);
  if (!w) {
    w = windows(hex);
    if (theirsCache.size >= 16) theirsCache.delete(theirsCache.keys().next().value as string);
    theirsCache.set(hex, w);
  }
  return w;
}

/**
 * Similarity of two normalised codes in 0..1: the share of the deployed code's bytes covered by a
 * window of 6 consecutive instructions that also occurs in our code (each of our windows used once;
 * PUSH2 operands masked so that code moved by an insertion still counts).
 *
 * Why this: an edit distance over 24 kB codes is quadratic; a common prefix + suffix collapses to
 * ~0 after one early difference (a changed constant in the dispatcher). Instruction windows are
 * linear (one pass each, a hash map), insensitive to moved code and jump targets, and read as "this
 * share of the deployed code is reproduced by our compile", the meaning CompiledRow.similarity has.
 */
export function similarity(ours: string, theirs: string): number {
  const a = windows(plain(ours));
  const b = theirWindows(plain(theirs));
  if (b.count === 0) return a.count === 0 ? 1 : 0;
  const have = new Map<number, number>();
  for (const key of a.keys) have.set(key, (have.get(key) ?? 0) + 1);
  const covered = new Uint8Array(b.count);
  for (let i = 0; i < b.keys.length; i++) {
    const n = have.get(b.keys[i]);
    if (n) {
      have.set(b.keys[i], n - 1);
      covered.fill(1, i, i + WINDOW);
    }
  }
  let total = 0;
  let hit = 0;
  for (let i = 0; i < b.count; i++) {
    total += b.sizes[i];
    if (covered[i]) hit += b.sizes[i];
  }
  return hit / total;
}

/**
 * 'exact' when the hex is identical; 'no-metadata' when identical once normalisePair() is applied;
 * otherwise similarity() (below 1: a code that differs is never reported as fully reproduced).
 */
export function compareCode(
  ours: string,
  theirs: string,
  immutableReferences?: Record<string, ImmutableRef[]>,
): 'exact' | 'no-metadata' | number {
  const a = plain(ours);
  const b = plain(theirs);
  if (a === b && a.length > 0) return 'exact';
  const n = normalisePair(a, b, immutableReferences);
  if (n.ours === n.theirs && n.ours.length > 0) return 'no-metadata';
  return Math.min(similarity(n.ours, n.theirs), 0.9999);
}
