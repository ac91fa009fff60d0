import { decodeAbiParameters, getAddress, hexToString, size, trim, type Address } from 'viem';
import type { RawResult } from '../../chain/bounded-call';
import type { TokenFieldRead } from './token-info.types';

export interface Decoded<T> {
  value: T | null;
  read: TokenFieldRead;
}

const failed = <T>(): Decoded<T> => ({ value: null, read: 'failed' });
const undecodable = <T>(): Decoded<T> => ({ value: null, read: 'undecodable' });

/**
 * name()/symbol(): an ABI string, or a bytes32 for MKR-era tokens (exactly one word, padded with
 * zero bytes on the right). Control characters are dropped so a hostile name cannot break logs.
 */
export function decodeText(result: RawResult): Decoded<string> {
  if (!result.success || result.returnData === '0x') return failed();
  try {
    if (size(result.returnData) === 32) {
      const text = hexToString(trim(result.returnData, { dir: 'right' }));
      return { value: clean(text), read: 'bytes32' };
    }
    const [text] = decodeAbiParameters([{ type: 'string' }], result.returnData);
    return { value: clean(text), read: 'string' };
  } catch {
    return undecodable();
  }
}

export function decodeUint(result: RawResult): Decoded<bigint> {
  if (!result.success || result.returnData === '0x') return failed();
  if (size(result.returnData) < 32) return undecodable();
  try {
    const [value] = decodeAbiParameters([{ type: 'uint256' }], result.returnData);
    return { value, read: 'uint' };
  } catch {
    return undecodable();
  }
}

/** An address word: the 12 high bytes must be zero, or it was not an address. */
export function decodeAddress(result: RawResult): Decoded<Address> {
  if (!result.success || result.returnData === '0x' || size(result.returnData) < 32) return failed();
  const word = result.returnData.slice(2, 66);
  if (!/^0{24}/.test(word)) return undecodable();
  return { value: getAddress(`0x${word.slice(24)}`), read: 'address' };
}

function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}
