import { getAddress, hexToBytes, type Address, type Hex } from 'viem';
import { metadataLength } from '../../chain/bytecode-metadata';

const OP = {
  STOP: 0x00,
  EQ: 0x14,
  JUMP: 0x56,
  JUMPDEST: 0x5b,
  PUSH1: 0x60,
  PUSH4: 0x63,
  PUSH20: 0x73,
  PUSH32: 0x7f,
  DUP1: 0x80,
  DUP16: 0x8f,
  CALL: 0xf1,
  CALLCODE: 0xf2,
  RETURN: 0xf3,
  DELEGATECALL: 0xf4,
  STATICCALL: 0xfa,
  REVERT: 0xfd,
  INVALID: 0xfe,
  SELFDESTRUCT: 0xff,
} as const;

/** After these, the next byte runs only if it is a JUMPDEST (a jump target). */
const TERMINATORS = new Set<number>([OP.STOP, OP.JUMP, OP.RETURN, OP.REVERT, OP.INVALID, OP.SELFDESTRUCT]);

export interface BytecodeScan {
  /** 4-byte selectors compared against in the dispatcher (`PUSH4 s EQ` / `PUSH4 s DUPn EQ`), in code order. */
  selectors: Hex[];
  opcodes: {
    selfdestruct: number;
    delegatecall: number;
    callcode: number;
    call: number;
    staticcall: number;
  };
  /** Addresses pushed as constants (PUSH20): candidate hard-coded call targets. */
  constantAddresses: Address[];
  /** Bytes walked as code: the CBOR metadata tail and unreachable data are left out. */
  codeSize: number;
  metadataSize: number;
}

/**
 * Walks the code instruction by instruction (PUSH data is skipped, never read as opcodes) and
 * ignores bytes that no jump can reach: after a terminator, walking resumes at the next JUMPDEST,
 * so constant data appended after the code does not count as SELFDESTRUCT or DELEGATECALL.
 */
export function scanBytecode(code: Hex): BytecodeScan {
  const bytes = hexToBytes(code);
  const metadataSize = metadataLength(bytes);
  const end = bytes.length - metadataSize;
  const scan: BytecodeScan = {
    selectors: [],
    opcodes: { selfdestruct: 0, delegatecall: 0, callcode: 0, call: 0, staticcall: 0 },
    constantAddresses: [],
    codeSize: end,
    metadataSize,
  };
  const seen = new Set<string>();
  let reachable = true;
  for (let pc = 0; pc < end;) {
    const op = bytes[pc];
    if (!reachable && op !== OP.JUMPDEST) {
      pc++;
      continue;
    }
    reachable = true;
    if (op >= OP.PUSH1 && op <= OP.PUSH32) {
      const width = op - OP.PUSH1 + 1;
      if (op === OP.PUSH4 && pc + 5 <= end && isDispatcherCompare(bytes, pc + 5, end)) {
        addSelector(scan, seen, toHex(bytes.subarray(pc + 1, pc + 5)));
      }
      if (op === OP.PUSH20 && pc + 21 <= end) addConstant(scan, toHex(bytes.subarray(pc + 1, pc + 21)));
      pc += 1 + width;
      continue;
    }
    countOpcode(scan, op);
    if (TERMINATORS.has(op)) reachable = false;
    pc++;
  }
  return scan;
}

/** `EQ` right after the PUSH4, or one DUPn then `EQ` (both orders solc emits). */
function isDispatcherCompare(bytes: Uint8Array, next: number, end: number): boolean {
  if (next >= end) return false;
  if (bytes[next] === OP.EQ) return true;
  return bytes[next] >= OP.DUP1 && bytes[next] <= OP.DUP16 && next + 1 < end && bytes[next + 1] === OP.EQ;
}

function addSelector(scan: BytecodeScan, seen: Set<string>, selector: Hex): void {
  // 0xffffffff is the old dispatcher's mask, not a function.
  if (selector === '0xffffffff' || seen.has(selector)) return;
  seen.add(selector);
  scan.selectors.push(selector);
}

function addConstant(scan: BytecodeScan, raw: Hex): void {
  const address = getAddress(raw);
  if (!scan.constantAddresses.includes(address)) scan.constantAddresses.push(address);
}

function countOpcode(scan: BytecodeScan, op: number): void {
  if (op === OP.SELFDESTRUCT) scan.opcodes.selfdestruct++;
  else if (op === OP.DELEGATECALL) scan.opcodes.delegatecall++;
  else if (op === OP.CALLCODE) scan.opcodes.callcode++;
  else if (op === OP.CALL) scan.opcodes.call++;
  else if (op === OP.STATICCALL) scan.opcodes.staticcall++;
}

function toHex(bytes: Uint8Array): Hex {
  return `0x${Buffer.from(bytes).toString('hex')}`;
}

/** EIP-1167 minimal proxy and its PUSH0 variant (ERC-7511): the implementation sits in the code. */
const CLONE_PATTERNS = [
  /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i,
  /^0x365f5f375f5f365f73([0-9a-f]{40})5af43d5f5f3e5f3d91602a57fd5bf3$/i,
];

export function minimalProxyTarget(code: Hex): Address | null {
  for (const pattern of CLONE_PATTERNS) {
    const match = pattern.exec(code);
    if (match) return getAddress(`0x${match[1]}`);
  }
  return null;
}
