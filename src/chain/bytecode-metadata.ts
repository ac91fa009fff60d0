import { hexToBytes, type Hex } from 'viem';

/**
 * Solidity (and Vyper) end the runtime code with CBOR metadata whose length is the last two bytes;
 * returns that length (tail included) when the tail looks like a CBOR map, else 0.
 */
export function metadataLength(code: Uint8Array): number {
  if (code.length < 4) return 0;
  const cborLength = (code[code.length - 2] << 8) | code[code.length - 1];
  const start = code.length - 2 - cborLength;
  if (cborLength === 0 || start < 0) return 0;
  const head = code[start];
  // A CBOR map with 1 to 5 entries (0xa1..0xa5): ipfs/bzzr, solc, experimental.
  return head >= 0xa1 && head <= 0xa5 ? cborLength + 2 : 0;
}

/** The code with its metadata tail removed (the part that must match when comparing builds). */
export function stripMetadata(code: Hex): Hex {
  const bytes = hexToBytes(code);
  const tail = metadataLength(bytes);
  return tail === 0 ? code : (code.slice(0, code.length - tail * 2) as Hex);
}
