import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM } from '@ethereumjs/evm';
import * as util from '@ethereumjs/util';
import { projectRoot } from '../../../common/project-root';
import {
  cachedJumpAnalysis,
  fastByteHelpers,
  installEnginePatches,
  patchModules,
  speedUpEipLookup,
  type ByteHelpers,
  type PatchTargets,
} from './runtime-patches';

// Captured before anything in this file patches: the package's own helpers.
const original: ByteHelpers = {
  setLengthLeft: util.setLengthLeft,
  bigIntToBytes: util.bigIntToBytes,
  bytesToBigInt: util.bytesToBigInt,
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Interpreter } = require(require.resolve('@ethereumjs/evm').replace(/index\.js$/, 'interpreter.js')) as {
  Interpreter: { prototype: Record<string, unknown> };
};
const originalAnalysis = Interpreter.prototype._getValidJumpDestinations as (this: object, code: Uint8Array) => unknown;

/** Runtime codes of the labelled corpus: real contracts, old and new compilers. */
const corpus: Uint8Array[] = gunzipSync(readFileSync(join(projectRoot(), 'bench/corpus/detection-dev.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => util.hexToBytes((JSON.parse(line) as { code: `0x${string}` }).code));

/** The distinct PUSH immediates of the codes, as views into them (a non-zero byteOffset), leading zeros kept. */
function immediates(codes: Uint8Array[]): Uint8Array[] {
  const found = new Map<string, Uint8Array>();
  for (const code of codes) {
    for (let i = 0; i < code.length; i++) {
      const op = code[i];
      if (op < 0x60 || op > 0x7f) continue;
      const word = code.subarray(i + 1, i + op - 0x5e);
      found.set(Buffer.from(word).toString('hex'), word);
      i += op - 0x5f;
    }
  }
  return [...found.values()];
}

/** A call's value, or its error's message: the replacements must fail where the originals do. */
function outcome(call: () => unknown): unknown {
  try {
    const value = call();
    return value instanceof Uint8Array ? `bytes ${Buffer.from(value).toString('hex')}` : value;
  } catch (err) {
    return `error ${(err as Error).message}`;
  }
}

/** The inputs on which `fast` and `slow` differ, with both answers (one assertion for thousands of inputs). */
function differences<T>(inputs: T[], fast: (input: T) => unknown, slow: (input: T) => unknown): unknown[] {
  return inputs.flatMap((input) => {
    const [a, b] = [outcome(() => fast(input)), outcome(() => slow(input))];
    return a === b ? [] : [{ input, fast: a, slow: b }];
  });
}

const EDGE_BYTES = [
  new Uint8Array(0),
  Uint8Array.of(0),
  Uint8Array.of(0, 0, 1),
  Uint8Array.of(255, 255, 255, 255, 255, 255),
  Uint8Array.of(1, 0, 0, 0, 0, 0, 0),
  new Uint8Array(32).fill(255),
];
const EDGE_NUMBERS = [0n, 1n, 255n, 256n, 2n ** 48n - 1n, 2n ** 48n, 2n ** 160n - 1n, 2n ** 256n - 1n, 2n ** 300n, -1n];

function fakeTargets(overrides: Partial<PatchTargets> = {}): PatchTargets {
  const bytes = { ...original };
  return {
    bytes,
    util: bytes,
    interpreter: { _getValidJumpDestinations: originalAnalysis },
    common: () => new Common({ chain: Mainnet, hardfork: Hardfork.Cancun }),
    ...overrides,
  };
}

describe("the engine patches give the originals' results", () => {
  const sut = fastByteHelpers(original);
  const words = [...immediates(corpus), ...EDGE_BYTES];

  it('bytesToBigInt on every PUSH immediate of the corpus and on edge cases, big- and little-endian', () => {
    expect(words.length).toBeGreaterThan(10_000);
    for (const littleEndian of [false, true]) {
      expect(
        differences(
          words,
          (w) => sut.bytesToBigInt(w, littleEndian),
          (w) => original.bytesToBigInt(w, littleEndian),
        ),
      ).toEqual([]);
    }
  });

  it("bigIntToBytes on the immediates' values and on edge cases, negative and little-endian included", () => {
    const numbers = [...words.map((w) => original.bytesToBigInt(w)), ...EDGE_NUMBERS];
    for (const littleEndian of [false, true]) {
      expect(
        differences(
          numbers,
          (n) => sut.bigIntToBytes(n, littleEndian),
          (n) => original.bigIntToBytes(n, littleEndian),
        ),
      ).toEqual([]);
    }
  });

  it('setLengthLeft to a word, an address and the same length; a shorter one, with and without truncation; a non-array', () => {
    const cases = words.flatMap((word) => [32, 20, word.length].map((length) => ({ word, length, opts: undefined })));
    // Shorter lengths: the originals throw without allowTruncate (a thousand of them is enough to compare).
    const shorter = words
      .slice(0, 1_000)
      .flatMap((word) =>
        [undefined, { allowTruncate: true }].map((opts) => ({ word, length: Math.max(0, word.length - 1), opts })),
      );
    const notBytes = { word: [1, 2] as unknown as Uint8Array, length: 3, opts: undefined };

    expect(
      differences(
        [...cases, ...shorter, notBytes],
        (c) => sut.setLengthLeft(c.word, c.length, c.opts),
        (c) => original.setLengthLeft(c.word, c.length, c.opts),
      ),
    ).toEqual([]);
  });

  it('the jump analysis of each corpus code, kept per EVM and code array', async () => {
    const interpreterOn = async (): Promise<object> => {
      const evm = await createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Cancun }) });
      return Object.assign(Object.create(Interpreter.prototype) as object, { _evm: evm, common: evm.common });
    };
    const [one, other] = [await interpreterOn(), await interpreterOn()];
    const cached = cachedJumpAnalysis(originalAnalysis);

    for (const code of corpus.slice(0, 20)) {
      const analysis = cached.call(one, code);
      expect(analysis).toEqual(originalAnalysis.call(one, code));
      expect(cached.call(one, code)).toBe(analysis);
      expect(cached.call(other, code)).not.toBe(analysis);
      expect(cached.call(one, code.slice())).not.toBe(analysis);
    }
  });

  it('isActivatedEIP on every EIP number up to 10,000', () => {
    const plain = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });
    const fast = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });

    expect(speedUpEipLookup(fast, installEnginePatches())).toBe(true);
    const eips = Array.from({ length: 10_001 }, (_, eip) => eip);
    expect(
      differences(
        eips,
        (eip) => fast.isActivatedEIP(eip),
        (eip) => plain.isActivatedEIP(eip),
      ),
    ).toEqual([]);
  });
});

describe('installEnginePatches', () => {
  it('turns every patch on with the pinned @ethereumjs, where the EVM reads them', () => {
    const status = installEnginePatches();

    expect(status).toEqual({ bytes: { on: true }, jumpAnalysis: { on: true }, eipLookup: { on: true } });
    expect(util.bigIntToBytes).not.toBe(original.bigIntToBytes);
    expect(Interpreter.prototype._getValidJumpDestinations).not.toBe(originalAnalysis);
    expect(installEnginePatches()).toBe(status);
  });

  it('patches a module once, however often it is asked', () => {
    const targets = fakeTargets();
    patchModules(targets);
    const patched = { bytes: targets.bytes!.bigIntToBytes, analysis: targets.interpreter!._getValidJumpDestinations };

    expect(patchModules(targets)).toEqual({ bytes: { on: true }, jumpAnalysis: { on: true }, eipLookup: { on: true } });
    expect(targets.bytes!.bigIntToBytes).toBe(patched.bytes);
    expect(targets.interpreter!._getValidJumpDestinations).toBe(patched.analysis);
  });
});

describe('installEnginePatches falls back to the unpatched functions', () => {
  it('when a byte helper is missing, leaving the module as it was', () => {
    const bytes = { setLengthLeft: original.setLengthLeft, bigIntToBytes: original.bigIntToBytes };
    const status = patchModules(fakeTargets({ bytes, util: bytes }));

    expect(status.bytes).toEqual({ on: false, reason: expect.stringContaining('bytesToBigInt') });
    expect(bytes).toEqual({ setLengthLeft: original.setLengthLeft, bigIntToBytes: original.bigIntToBytes });
    expect(status.jumpAnalysis).toEqual({ on: true });
  });

  it('when the package index holds copies the EVM would keep using, putting the originals back', () => {
    const bytes = { ...original };
    const status = patchModules(fakeTargets({ bytes, util: { ...original } }));

    expect(status.bytes).toEqual({ on: false, reason: expect.stringContaining('does not read its bytes module') });
    expect(bytes).toEqual(original);
  });

  it('when a module is not found or reading it throws, without throwing', () => {
    const throwing = Object.defineProperty({}, 'setLengthLeft', {
      get: () => {
        throw new Error('gone');
      },
    });
    const status = patchModules(fakeTargets({ bytes: throwing, interpreter: null }));

    expect(status.bytes).toEqual({ on: false, reason: 'patch failed: gone' });
    expect(status.jumpAnalysis).toEqual({ on: false, reason: expect.stringContaining('Interpreter') });
  });

  it('when the interpreter has no _getValidJumpDestinations(code)', () => {
    const other = (): null => null;
    const interpreter = { _getValidJumpDestinations: other };
    const status = patchModules(fakeTargets({ interpreter }));

    expect(status.jumpAnalysis).toEqual({ on: false, reason: expect.stringContaining('_getValidJumpDestinations') });
    expect(interpreter._getValidJumpDestinations).toBe(other);
  });

  it('when Common keeps no _activatedEIPsCache, or does not answer from it, and a Common is then left alone', () => {
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });
    const lookup = common.isActivatedEIP;
    const missing = patchModules(fakeTargets({ common: () => ({ isActivatedEIP: () => false }) }));
    const elsewhere = patchModules(
      fakeTargets({ common: () => ({ _activatedEIPsCache: [1559], isActivatedEIP: () => false }) }),
    );

    expect(missing.eipLookup).toEqual({ on: false, reason: expect.stringContaining('_activatedEIPsCache') });
    expect(elsewhere.eipLookup).toEqual({ on: false, reason: expect.stringContaining('does not answer from') });
    expect(speedUpEipLookup(common, missing)).toBe(false);
    expect(common.isActivatedEIP).toBe(lookup);
  });

  it('when the jump analysis runs on an interpreter without its EVM, by running the original', () => {
    const analyse = jest.fn((code: Uint8Array) => ({ length: code.length }));
    const sut = cachedJumpAnalysis(analyse);
    const code = Uint8Array.of(0x5b, 0x00);

    expect(sut.call({}, code)).toEqual({ length: 2 });
    expect(sut.call({}, code)).toEqual({ length: 2 });
    expect(analyse).toHaveBeenCalledTimes(2);
  });
});
