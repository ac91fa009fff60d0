import { randomBytes } from 'node:crypto';
import {
  getAddress,
  hexToBigInt,
  size,
  slice,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { VIEW_GAS } from '../../chain/bounded-call';
import type { ProxyProbe } from './contract.types';
import { PROXY_SLOTS, SLOT_ORDER, type SlotName } from './proxy-detector';

export type { ProxyProbe } from './contract.types';

/**
 * The most implementation code the probe brings back: twice EIP-170's 24,576 bytes, for chains that
 * allow more. Longer code is fetched by eth_getCode as before (the probe only says how long it is).
 */
export const PROBE_CODE_CAP = 49_152;

const op = {
  ADD: '01',
  MUL: '02',
  LT: '10',
  ISZERO: '15',
  AND: '16',
  XOR: '18',
  SHR: '1c',
  EXTCODESIZE: '3b',
  EXTCODECOPY: '3c',
  POP: '50',
  MLOAD: '51',
  MSTORE: '52',
  SLOAD: '54',
  PUSH1: '60',
  PUSH3: '62',
  PUSH32: '7f',
  DUP1: '80',
  DUP2: '81',
  DUP3: '82',
  DUP5: '84',
  SWAP1: '90',
  SWAP2: '91',
  RETURN: 'f3',
} as const;

const push1 = (byte: number): string => op.PUSH1 + byte.toString(16).padStart(2, '0');
const offsetOf = (slot: SlotName): number => SLOT_ORDER.indexOf(slot) * 32;

/**
 * Runtime code the probe puts at the token's address by state override (its storage stays): it returns
 * the four proxy slots (32 bytes each, in SLOT_ORDER), the address of the first direct slot that holds
 * one (the order interpretProxySlots reads them in: a word whose high 12 bytes are zero and which is not
 * zero), that address's code size, then its code up to PROBE_CODE_CAP. No jumps: each candidate replaces
 * the pick branch-free (pick ^= valid × (pick ^ word)), from the least preferred slot to the most.
 * Paris opcodes only (no PUSH0), like the trade simulator.
 */
export const PROBE_CODE: Hex = (() => {
  let code = '';
  for (const slot of SLOT_ORDER)
    code += op.PUSH32 + PROXY_SLOTS[slot].slice(2) + op.SLOAD + push1(offsetOf(slot)) + op.MSTORE;
  code += push1(0); // pick
  for (const slot of ['zeppelinos', 'eip1822', 'eip1967'] as const) {
    code += push1(offsetOf(slot)) + op.MLOAD; // pick word
    code += op.DUP1 + push1(0xa0) + op.SHR + op.ISZERO; // pick word highZero
    code += op.DUP2 + op.ISZERO + op.ISZERO + op.AND; // pick word valid
    code += op.SWAP1 + op.DUP3 + op.XOR + op.MUL + op.XOR; // pick'
  }
  code += op.DUP1 + push1(0x80) + op.MSTORE; // pick
  code += op.DUP1 + op.EXTCODESIZE + op.DUP1 + push1(0xa0) + op.MSTORE; // pick size
  // n = min(size, cap) = size ^ ((size ^ cap) × (cap < size))
  code += op.PUSH3 + PROBE_CODE_CAP.toString(16).padStart(6, '0'); // pick size cap
  code += op.DUP2 + op.DUP2 + op.LT; // pick size cap less   (less = cap < size)
  code += op.SWAP2 + op.SWAP1; // pick less size cap
  code += op.DUP2 + op.XOR + op.DUP3 + op.MUL + op.XOR; // pick less n
  code += op.SWAP1 + op.POP; // pick n
  code += op.DUP1 + push1(0) + push1(0xc0) + op.DUP5 + op.EXTCODECOPY; // pick n
  code += push1(0xc0) + op.ADD + push1(0) + op.RETURN;
  return `0x${code}`;
})();

const HEADER_BYTES = 0xc0;

/**
 * A fresh address and the code placed there for one probe: it returns a random word. A node that
 * ignored state overrides would run the token's own code for the probe, which could answer anything in
 * the probe's layout; it cannot answer this word (it is in no calldata, only in the override of an
 * address with no code), so the probe is trusted only when the canary, sent beside it, returns it.
 */
export function canary(): { address: Address; code: Hex; word: Hex } {
  const word = toHex(randomBytes(32));
  return {
    address: getAddress(toHex(randomBytes(20))),
    code: `0x${op.PUSH32}${word.slice(2)}${push1(0)}${op.MSTORE}${push1(32)}${push1(0)}${op.RETURN}`,
    word,
  };
}

/**
 * Reads the proxy slots and the implementation's code in one eth_call, sent with the token's first
 * reads: the state override keeps the token's storage and runs PROBE_CODE over it; a canary call in
 * the same batch shows the node applied the overrides. Null when the node refuses them or ignores them,
 * or answers something malformed: the caller then reads the slots and the code one round after
 * another, as without the probe. Never rejects.
 */
export async function probeProxy(client: PublicClient, token: Address): Promise<ProxyProbe | null> {
  const check = canary();
  const call = (to: Address, code: Hex) =>
    client.request({
      method: 'eth_call',
      params: [{ to, data: '0x', gas: toHex(VIEW_GAS) }, 'latest', { [to]: { code } }],
    } as never) as Promise<Hex>;
  try {
    const [answer, echo] = await Promise.all([call(token, PROBE_CODE), call(check.address, check.code)]);
    return echo.toLowerCase() === check.word ? parseProbe(answer) : null;
  } catch {
    return null;
  }
}

/** The probe's answer, checked against its own layout; null when it does not fit. */
export function parseProbe(answer: Hex): ProxyProbe | null {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(answer) || size(answer) < HEADER_BYTES) return null;
  const word = (i: number): Hex => slice(answer, i * 32, i * 32 + 32);
  const slots = Object.fromEntries(SLOT_ORDER.map((slot, i) => [slot, word(i)])) as Record<SlotName, Hex>;
  const pick = hexToBigInt(word(4));
  const codeSize = hexToBigInt(word(5));
  if (pick >= 2n ** 160n) return null;
  const kept = codeSize > BigInt(PROBE_CODE_CAP) ? PROBE_CODE_CAP : Number(codeSize);
  if (size(answer) !== HEADER_BYTES + kept) return null;
  const implementation = pick === 0n ? null : getAddress(toHex(pick, { size: 20 }));
  if (implementation === zeroAddress) return null;
  const implementationCode =
    codeSize > BigInt(PROBE_CODE_CAP) ? null : kept === 0 ? '0x' : slice(answer, HEADER_BYTES, HEADER_BYTES + kept);
  return { slots, implementation, implementationCode };
}
