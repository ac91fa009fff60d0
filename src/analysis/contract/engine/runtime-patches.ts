import { Logger } from '@nestjs/common';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';

/**
 * The engine's speed-ups inside @ethereumjs, in one place. Each replaces a function with one giving
 * the same results faster, and each touches members @ethereumjs keeps private: before patching, the
 * installer checks they exist with the shape the replacement expects, and leaves the function as it
 * is otherwise (slower, never wrong). package.json pins the versions the checks were written for.
 */

export type PatchState = { on: true } | { on: false; reason: string };

export interface EnginePatchStatus {
  /** @ethereumjs/util's setLengthLeft, bigIntToBytes and bytesToBigInt, direct for unsigned big-endian input. */
  bytes: PatchState;
  /** Interpreter._getValidJumpDestinations, kept per EVM and code instead of run on every call frame. */
  jumpAnalysis: PatchState;
  /** Common.isActivatedEIP answered from a Set (applied per Common by speedUpEipLookup). */
  eipLookup: PatchState;
}

/** The @ethereumjs modules the patches change (the spec passes its own). */
export interface PatchTargets {
  /** @ethereumjs/util's bytes module, whose exports the package index re-exports live. */
  bytes: Record<PropertyKey, unknown> | null;
  /** @ethereumjs/util's index, as the EVM imports it. */
  util: Record<string, unknown>;
  /** Interpreter.prototype of @ethereumjs/evm. */
  interpreter: Record<PropertyKey, unknown> | null;
  /** A Common as the engine makes it, to check its EIP list. */
  common: () => object;
}

const BYTE_HELPERS = ['setLengthLeft', 'bigIntToBytes', 'bytesToBigInt'] as const;
const PATCHED = Symbol.for('tokenScan.enginePatched');

type SetLengthLeft = (msg: Uint8Array, length: number, opts?: { allowTruncate?: boolean }) => Uint8Array;
type BigIntToBytes = (num: bigint, littleEndian?: boolean) => Uint8Array;
type BytesToBigInt = (value: Uint8Array, littleEndian?: boolean) => bigint;
export interface ByteHelpers {
  setLengthLeft: SetLengthLeft;
  bigIntToBytes: BigIntToBytes;
  bytesToBigInt: BytesToBigInt;
}

let processStatus: EnginePatchStatus | null = null;

/**
 * Patches @ethereumjs for the whole process, once; later calls return the first call's status. A
 * patch left off is logged once, with the reason.
 */
export function installEnginePatches(): EnginePatchStatus {
  if (processStatus) return processStatus;
  processStatus = patchModules(ethereumjsTargets());
  const logger = new Logger('EnginePatches');
  for (const [name, state] of Object.entries(processStatus) as [string, PatchState][]) {
    if (!state.on) logger.warn(`${name} left unpatched (the engine runs slower): ${state.reason}`);
  }
  return processStatus;
}

/** Applies each patch to `targets` whose members have the expected shape; the others are left as they are. */
export function patchModules(targets: PatchTargets): EnginePatchStatus {
  return {
    bytes: guarded(() => patchBytes(targets.bytes, targets.util)),
    jumpAnalysis: guarded(() => patchJumpAnalysis(targets.interpreter)),
    eipLookup: guarded(() => checkEipList(targets.common())),
  };
}

/**
 * Common answers isActivatedEIP from an array several times per opcode; a Set of the same array
 * answers the same. Applied to one Common (its list is fixed once its hardfork is), when the installer
 * found the list and the Common still has it.
 */
export function speedUpEipLookup(common: Common, status: EnginePatchStatus): boolean {
  const list = eipListOf(common);
  if (!status.eipLookup.on || list === null) return false;
  const active = new Set(list);
  common.isActivatedEIP = (eip: number) => active.has(eip);
  return true;
}

/** The direct byte helpers over `original`, which still answers every input they do not handle. */
export function fastByteHelpers(original: ByteHelpers): ByteHelpers {
  return {
    setLengthLeft(msg, length, opts) {
      if (!(msg instanceof Uint8Array) || msg.length >= length) return original.setLengthLeft(msg, length, opts);
      const padded = new Uint8Array(length);
      padded.set(msg, length - msg.length);
      return padded;
    },
    bigIntToBytes(num, littleEndian) {
      if (littleEndian || num < 0n) return original.bigIntToBytes(num, littleEndian);
      if (num < 256n) return Uint8Array.of(Number(num));
      const hex = num.toString(16);
      return new Uint8Array(Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex'));
    },
    bytesToBigInt(value, littleEndian) {
      if (littleEndian || !(value instanceof Uint8Array)) return original.bytesToBigInt(value, littleEndian);
      if (value.length === 0) return 0n;
      if (value.length <= 6) {
        let n = 0;
        for (const byte of value) n = n * 256 + byte;
        return BigInt(n);
      }
      return BigInt(`0x${Buffer.from(value.buffer, value.byteOffset, value.length).toString('hex')}`);
    },
  };
}

/** The jump analysis kept per EVM (its opcode table and EIPs) and code array; the original runs once for each. */
export function cachedJumpAnalysis(
  analyse: (this: object, code: Uint8Array) => unknown,
): (this: { _evm?: unknown }, code: Uint8Array) => unknown {
  const cache = new WeakMap<object, WeakMap<Uint8Array, unknown>>();
  return function (this: { _evm?: unknown }, code: Uint8Array): unknown {
    const evm = this._evm;
    if (typeof evm !== 'object' || evm === null || !(code instanceof Uint8Array)) return analyse.call(this, code);
    let perEvm = cache.get(evm);
    if (!perEvm) cache.set(evm, (perEvm = new WeakMap()));
    let analysis = perEvm.get(code);
    if (!analysis) perEvm.set(code, (analysis = analyse.call(this, code)));
    return analysis;
  };
}

function guarded(patch: () => PatchState): PatchState {
  try {
    return patch();
  } catch (err) {
    return { on: false, reason: `patch failed: ${(err as Error).message}` };
  }
}

/**
 * The byte module's exports are replaced where they live; the EVM reads them through the package
 * index at each call (CommonJS getters), which is checked: an index holding copies would keep the
 * originals, and the module is then put back as it was.
 */
function patchBytes(bytes: Record<PropertyKey, unknown> | null, util: Record<string, unknown>): PatchState {
  if (!bytes) return { on: false, reason: "@ethereumjs/util's bytes module was not found" };
  if (bytes[PATCHED]) return { on: true };
  const missing = BYTE_HELPERS.filter((name) => typeof bytes[name] !== 'function' || util[name] !== bytes[name]);
  if (missing.length)
    return { on: false, reason: `@ethereumjs/util does not export ${missing.join(', ')} from its bytes module` };
  const original = Object.fromEntries(BYTE_HELPERS.map((name) => [name, bytes[name]])) as unknown as ByteHelpers;
  const fast = fastByteHelpers(original);
  Object.assign(bytes, fast);
  if (BYTE_HELPERS.some((name) => util[name] !== fast[name])) {
    Object.assign(bytes, original);
    return { on: false, reason: "@ethereumjs/util's index does not read its bytes module at each call" };
  }
  bytes[PATCHED] = true;
  return { on: true };
}

function patchJumpAnalysis(proto: Record<PropertyKey, unknown> | null): PatchState {
  if (!proto) return { on: false, reason: "@ethereumjs/evm's Interpreter was not found" };
  if (proto[PATCHED]) return { on: true };
  const analyse = proto._getValidJumpDestinations;
  if (typeof analyse !== 'function' || analyse.length !== 1)
    return { on: false, reason: 'Interpreter._getValidJumpDestinations(code) is not there' };
  proto._getValidJumpDestinations = cachedJumpAnalysis(analyse as (this: object, code: Uint8Array) => unknown);
  proto[PATCHED] = true;
  return { on: true };
}

function checkEipList(common: object): PatchState {
  const list = eipListOf(common);
  if (list === null) return { on: false, reason: "Common's _activatedEIPsCache is not a list of EIP numbers" };
  const isActivated = (common as { isActivatedEIP?: unknown }).isActivatedEIP;
  if (typeof isActivated !== 'function') return { on: false, reason: 'Common.isActivatedEIP is not there' };
  // The list must be what isActivatedEIP answers from: every EIP on it active, and one off it not.
  const answers = (eip: number): boolean => (isActivated as (eip: number) => boolean).call(common, eip);
  if (!list.every(answers) || answers(Math.max(0, ...list) + 1))
    return { on: false, reason: 'Common.isActivatedEIP does not answer from _activatedEIPsCache' };
  return { on: true };
}

function eipListOf(common: object): number[] | null {
  const list = (common as { _activatedEIPsCache?: unknown })._activatedEIPsCache;
  return Array.isArray(list) && list.length > 0 && list.every((eip) => typeof eip === 'number')
    ? (list as number[])
    : null;
}

/** The modules as the EVM loads them: @ethereumjs/util's bytes.js and @ethereumjs/evm's interpreter.js, beside each index. */
function ethereumjsTargets(): PatchTargets {
  return {
    bytes: moduleBeside('@ethereumjs/util', 'bytes.js'),
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    util: require('@ethereumjs/util') as Record<string, unknown>,
    interpreter:
      (
        moduleBeside('@ethereumjs/evm', 'interpreter.js')?.Interpreter as
          { prototype?: Record<string, unknown> } | undefined
      )?.prototype ?? null,
    common: () => new Common({ chain: Mainnet, hardfork: Hardfork.Cancun }),
  };
}

function moduleBeside(pkg: string, file: string): Record<PropertyKey, unknown> | null {
  try {
    const index = require.resolve(pkg);
    if (!/index\.js$/.test(index)) return null;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(index.replace(/index\.js$/, file)) as Record<string, unknown>;
  } catch {
    return null;
  }
}
