/**
 * @ethereumjs/util converts between bigints and bytes through hex strings and pads by spreading
 * arrays: the interpreter does it several times per storage and memory opcode. Its three hottest
 * helpers are replaced, for unsigned big-endian input, by direct versions giving the same bytes and
 * numbers; every other input still goes to the original. The module reads its exports at each call
 * (CommonJS bindings), so the EVM picks the replacements up.
 */
type Bytes = { setLengthLeft: typeof setLengthLeft; bigIntToBytes: typeof bigIntToBytes; bytesToBigInt: typeof bytesToBigInt; __fast?: true };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const bytes = require(require.resolve('@ethereumjs/util').replace(/index\.js$/, 'bytes.js')) as Bytes;

function setLengthLeft(msg: Uint8Array, length: number, opts?: { allowTruncate?: boolean }): Uint8Array {
  if (!(msg instanceof Uint8Array) || msg.length >= length) return original.setLengthLeft(msg, length, opts);
  const padded = new Uint8Array(length);
  padded.set(msg, length - msg.length);
  return padded;
}

function bigIntToBytes(num: bigint, littleEndian?: boolean): Uint8Array {
  if (littleEndian || num < 0n) return original.bigIntToBytes(num, littleEndian);
  if (num < 256n) return Uint8Array.of(Number(num));
  const hex = num.toString(16);
  return new Uint8Array(Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex'));
}

function bytesToBigInt(value: Uint8Array, littleEndian?: boolean): bigint {
  if (littleEndian || !(value instanceof Uint8Array)) return original.bytesToBigInt(value, littleEndian);
  if (value.length === 0) return 0n;
  if (value.length <= 6) {
    let n = 0;
    for (const byte of value) n = n * 256 + byte;
    return BigInt(n);
  }
  return BigInt(`0x${Buffer.from(value.buffer, value.byteOffset, value.length).toString('hex')}`);
}

const original = { setLengthLeft: bytes.setLengthLeft, bigIntToBytes: bytes.bigIntToBytes, bytesToBigInt: bytes.bytesToBigInt };
if (!bytes.__fast) Object.assign(bytes, { setLengthLeft, bigIntToBytes, bytesToBigInt, __fast: true });
