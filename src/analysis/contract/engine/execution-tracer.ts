import { EVMError, type EVM } from '@ethereumjs/evm';
import { bytesToBigInt } from '@ethereumjs/util';

const OP = {
  EQ: 0x14,
  SHA3: 0x20,
  EXTCODESIZE: 0x3b,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMPDEST: 0x5b,
  CALL: 0xf1,
  CALLCODE: 0xf2,
  DELEGATECALL: 0xf4,
  STATICCALL: 0xfa,
  SELFDESTRUCT: 0xff,
} as const;
/**
 * Opcodes whose outcome depends on more than the calldata and the token's storage: balances, other
 * accounts' code, gas left, block hashes, transient storage, contract creation.
 */
const OPEN_OPS = [0x31, 0x3b, 0x3c, 0x3f, 0x40, 0x47, 0x5a, 0x5c, 0x5d, 0xf0, 0xf5];
/** The low 20 bytes of a word: where an address sits in it. */
export const MASK160 = (1n << 160n) - 1n;
/** Outside reads kept per call: enough for a ledger's entry, bounded against a callee that loops over its storage. */
const MAX_OUTSIDE_READS = 256;
/** A mapping's value slot sits within this distance of its hash (arrays, structs, checkpoints). */
const NEAR_HASH = 1n << 130n;

export interface StorageRead {
  key: bigint;
  value: bigint;
  /** The key is a mapping entry of the caller (a role map, or the caller's own balance). */
  callerKeyed: boolean;
}

export interface CallerCompare {
  /** The value the caller was compared with (low 160 bits). */
  other: bigint;
  /** The token's storage reads made before the comparison, most recent last. */
  readsBefore: number;
}

export interface Trace {
  caller: bigint;
  reads: StorageRead[];
  writes: Map<bigint, bigint>;
  compares: CallerCompare[];
  /** keccak result → the 32-byte words hashed (mapping keys and base slots). */
  preimages: Map<bigint, bigint[]>;
  /** Targets of calls the token's code made. */
  calls: bigint[];
  /** Accounts whose code size the token's code asked for (Solidity checks it before every call to an interface). */
  codeChecks: bigint[];
  /** Storage reads of the contracts the token called (a ledger or guard kept outside), with their account. */
  outsideReads: OutsideRead[];
  selfdestruct: boolean;
}

export interface OutsideRead {
  /** The contract whose storage was read (lowercase hex). */
  account: `0x${string}`;
  key: bigint;
  value: bigint;
}

/** What one call depended on besides its inputs (see EvmHost's replay of identical calls). */
export interface Footprint {
  /** Each token key whose first access was a read, with the value it read. */
  firstReads: Map<bigint, bigint>;
  /** SSTOREs executed (each one's gas depends on the slot's history). */
  stores: number;
  /** Some opcode looked beyond the token's storage (see OPEN_OPS), or the code called out or self-destructed. */
  open: boolean;
}

type RunState = {
  stack: { peek(n?: number): bigint[] };
  memory: { read(offset: number, size: number): Uint8Array };
  env: { address: { toString(): string } };
  interpreter: { getCaller(): bigint };
};
type Handler = (runState: RunState, common: unknown) => unknown;
type OpEntry = { opHandler: Handler };

/** Watches the token's storage, caller comparisons, hashes and calls by wrapping a few opcode handlers. */
export class ExecutionTracer {
  private trace: Trace = newTrace(0n);
  private print: Footprint = newFootprint();
  private target = '';
  /** The frame address isTarget saw last, and its answer: one address per frame, read per opcode. */
  private seen: { address: object | null; target: boolean } = { address: null, target: false };
  private steps = 0;
  /** Steps and call frames of every call since the tracer was made: the work the whole pass did. */
  private total = 0;
  private frames = 0;
  private exhausted = false;

  /**
   * `stepBudget` bounds one call; `passBudget` every call together (steps, and frames opened by
   * CALL and its kin, the costliest thing a loop can do): past it each call stops at once.
   */
  constructor(
    private readonly stepBudget: number,
    private readonly passBudget: { steps: number; frames: number } = { steps: Infinity, frames: Infinity },
  ) {}

  begin(target: string, caller: bigint): Trace {
    this.trace = newTrace(caller);
    this.print = newFootprint();
    this.target = target.toLowerCase();
    this.seen = { address: null, target: false };
    this.steps = 0;
    this.exhausted = false;
    return this.trace;
  }

  /** Steps (jump destinations reached) of every call so far. */
  get totalSteps(): number {
    return this.total;
  }

  /** Call frames every call so far opened. */
  get totalFrames(): number {
    return this.frames;
  }

  /** The pass has done all the work it may: every further call stops at its first step. */
  get spent(): boolean {
    return this.total > this.passBudget.steps || this.frames > this.passBudget.frames;
  }

  /** True when the call hit the step budget. */
  end(): boolean {
    return this.exhausted;
  }

  /** The footprint of the call begun last. */
  footprint(): Footprint {
    return this.print;
  }

  install(evm: EVM): void {
    const map = (evm as unknown as { _opcodeMap: OpEntry[] })._opcodeMap;
    const wrap = (op: number, around: (rs: RunState, run: () => unknown) => unknown): void => {
      const entry = map[op];
      const original = entry.opHandler;
      entry.opHandler = (rs, common) => around(rs, () => original(rs, common));
    };
    wrap(OP.JUMPDEST, (rs, run) => {
      if (
        ++this.steps > this.stepBudget ||
        ++this.total > this.passBudget.steps ||
        this.frames > this.passBudget.frames
      ) {
        this.exhausted = true;
        throw new EVMError(EVMError.errorMessages.OUT_OF_GAS);
      }
      return run();
    });
    wrap(OP.SLOAD, async (rs, run) => {
      const mine = this.isTarget(rs);
      const key = rs.stack.peek(1)[0];
      await run();
      const value = rs.stack.peek(1)[0];
      if (!mine) {
        if (this.trace.outsideReads.length < MAX_OUTSIDE_READS)
          this.trace.outsideReads.push({ account: rs.env.address.toString() as `0x${string}`, key, value });
        return;
      }
      this.trace.reads.push({ key, value, callerKeyed: this.keyedBy(key, rs.interpreter.getCaller()) });
      if (!this.trace.writes.has(key) && !this.print.firstReads.has(key)) this.print.firstReads.set(key, value);
    });
    wrap(OP.SSTORE, (rs, run) => {
      this.print.stores++;
      if (this.isTarget(rs)) {
        const [key, value] = rs.stack.peek(2);
        this.trace.writes.set(key, value);
      }
      return run();
    });
    wrap(OP.EQ, (rs, run) => {
      if (this.isTarget(rs)) this.noteCompare(rs);
      return run();
    });
    wrap(OP.SHA3, (rs, run) => {
      const [offset, length] = rs.stack.peek(2);
      const words =
        length > 0n && length <= 128n && length % 32n === 0n ? readWords(rs, Number(offset), Number(length)) : null;
      run();
      if (words) this.trace.preimages.set(rs.stack.peek(1)[0], words);
    });
    for (const op of [OP.CALL, OP.CALLCODE, OP.DELEGATECALL, OP.STATICCALL]) {
      wrap(op, (rs, run) => {
        if (++this.frames > this.passBudget.frames) {
          this.exhausted = true;
          throw new EVMError(EVMError.errorMessages.OUT_OF_GAS);
        }
        this.print.open = true;
        if (this.isTarget(rs)) this.trace.calls.push(rs.stack.peek(2)[1] & MASK160);
        return run();
      });
    }
    wrap(OP.SELFDESTRUCT, (rs, run) => {
      this.print.open = true;
      if (this.isTarget(rs)) this.trace.selfdestruct = true;
      return run();
    });
    for (const op of OPEN_OPS) {
      wrap(op, (rs, run) => {
        this.print.open = true;
        if (op === OP.EXTCODESIZE && this.isTarget(rs)) this.trace.codeChecks.push(rs.stack.peek(1)[0] & MASK160);
        return run();
      });
    }
  }

  private isTarget(rs: RunState): boolean {
    const address = rs.env.address;
    if (address !== this.seen.address) this.seen = { address, target: address.toString() === this.target };
    return this.seen.target;
  }

  private noteCompare(rs: RunState): void {
    const [a, b] = rs.stack.peek(2);
    const caller = rs.interpreter.getCaller();
    const other = a === caller ? b : b === caller ? a : null;
    if (other === null) return;
    this.trace.compares.push({ other: other & MASK160, readsBefore: this.trace.reads.length });
  }

  /** Direct or nested mapping entry of `word` (role maps: roles[role][account]); no array offsets. */
  private keyedBy(key: bigint, word: bigint): boolean {
    const words = this.trace.preimages.get(key);
    if (!words) return false;
    return words.includes(word) || words.some((w) => this.trace.preimages.get(w)?.includes(word) === true);
  }
}

/** Whether a storage key is a mapping entry (at any depth, or near it) whose keys include `word`. */
export function derivedFrom(trace: Trace, key: bigint, word: bigint, depth = 3): boolean {
  const direct = trace.preimages.get(key);
  if (direct)
    return (
      direct.includes(word) || (depth > 0 && direct.some((w) => w !== key && derivedFrom(trace, w, word, depth - 1)))
    );
  for (const [hash, words] of trace.preimages) {
    const distance = key - hash;
    if (
      distance > 0n &&
      distance < NEAR_HASH &&
      (words.includes(word) || (depth > 0 && words.some((w) => derivedFrom(trace, w, word, depth - 1))))
    ) {
      return true;
    }
  }
  return false;
}

function readWords(rs: RunState, offset: number, length: number): bigint[] {
  const bytes = rs.memory.read(offset, length);
  const words: bigint[] = [];
  for (let i = 0; i < bytes.length; i += 32) words.push(bytesToBigInt(bytes.subarray(i, i + 32)));
  return words;
}

function newFootprint(): Footprint {
  return { firstReads: new Map(), stores: 0, open: false };
}

function newTrace(caller: bigint): Trace {
  return {
    caller,
    reads: [],
    writes: new Map(),
    compares: [],
    preimages: new Map(),
    calls: [],
    codeChecks: [],
    outsideReads: [],
    selfdestruct: false,
  };
}
