import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, EVMError, type EVM } from '@ethereumjs/evm';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import {
  Account,
  Address as EthAddress,
  bigIntToBytes,
  bytesToBigInt,
  bytesToHex,
  createAddressFromString,
  hexToBytes,
  setLengthLeft,
} from '@ethereumjs/util';
import type { Address, Hex } from 'viem';
import { storageKey, type BlockContext, type StateSnapshot } from './chain-state';
import type { EngineRuntime } from './engine-runtime';
import { ExecutionTracer, type Footprint, type Trace } from './execution-tracer';
import { speedUpEipLookup } from './runtime-patches';

/** Gas for one call: enough for any honest token function, small enough to stop a loop early. */
const CALL_GAS = 8_000_000n;
/** Most a storage access can cost beyond its cheapest case (cold slot, zero-to-nonzero store). */
const ACCESS_SPREAD = 25_000n;
/** Recorded outcomes kept per distinct call (caller, target, calldata). */
const OUTCOMES_PER_CALL = 8;

export interface CallRequest {
  from: Address;
  to: Address;
  data: Hex;
  value?: bigint;
  /** The call's surroundings, where they differ from the block the engine runs in (see CallContext). */
  context?: CallContext;
}

/** What a contract can read of its surroundings besides its state: a real block and transaction differ from a simulator's. */
export interface CallContext {
  coinbase?: Address;
  /** The block this many blocks (12 s each) after the engine's. */
  blocksAhead?: bigint;
  gasPrice?: bigint;
  /** block.basefee (the engine's block has 1 wei). */
  baseFee?: bigint;
  /** tx.origin, when it is not the caller (a contract in between, as a router is). */
  origin?: Address;
  gasLimit?: bigint;
}

export interface ExecResult {
  ok: boolean;
  returnData: Uint8Array;
  trace: Trace;
  /** The call ran out of its gas or step budget: its outcome says nothing about the code. */
  exhausted: boolean;
}

/** A finished call and what it depended on: it replays wherever the same keys hold the same values. */
interface Recorded {
  from: EthAddress;
  to: EthAddress;
  firstReads: Map<bigint, bigint>;
  result: ExecResult;
}

/**
 * Reads fall through to the chain snapshot; a slot the snapshot lacks reads as zero and is recorded
 * as a miss, so the engine can fetch all of them in one batch and run again. The writes are kept
 * here, one layer per checkpoint as SimpleStateManager keeps its own (which it does not expose):
 * a read must tell a slot written (even to zero) from one never written.
 */
class OverlayStateManager extends SimpleStateManager {
  readonly misses = new Set<string>();
  private readonly writes: Map<string, Uint8Array>[] = [new Map<string, Uint8Array>()];

  constructor(private readonly snapshot: StateSnapshot) {
    super();
  }

  private get written(): Map<string, Uint8Array> {
    return this.writes[this.writes.length - 1];
  }

  override async getStorage(
    address: Parameters<SimpleStateManager['getStorage']>[0],
    key: Uint8Array,
  ): Promise<Uint8Array> {
    const local = this.written.get(`${address.toString()}_${bytesToHex(key)}`);
    if (local !== undefined) return local;
    const ref = storageKey(address.toString(), bytesToBigInt(key));
    const value = this.snapshot.storage.get(ref);
    if (value === undefined) {
      this.misses.add(ref);
      return new Uint8Array(0);
    }
    return value === 0n ? new Uint8Array(0) : bigIntToBytes(value);
  }

  override async putStorage(
    address: Parameters<SimpleStateManager['putStorage']>[0],
    key: Uint8Array,
    value: Uint8Array,
  ): Promise<void> {
    this.written.set(`${address.toString()}_${bytesToHex(key)}`, value);
  }

  override async clearStorage(address: Parameters<SimpleStateManager['clearStorage']>[0]): Promise<void> {
    const prefix = `${address.toString()}_`;
    for (const key of this.written.keys()) if (key.startsWith(prefix)) this.written.delete(key);
  }

  override async checkpoint(): Promise<void> {
    await super.checkpoint();
    this.writes.push(new Map(this.written));
  }

  override async commit(): Promise<void> {
    await super.commit();
    this.writes.splice(-2, 1);
  }

  override async revert(): Promise<void> {
    await super.revert();
    this.writes.pop();
  }

  /** The value getStorage would answer, without recording a miss. */
  peek(address: EthAddress, key: bigint): bigint {
    const local = this.written.get(`${address.toString()}_0x${key.toString(16).padStart(64, '0')}`);
    if (local !== undefined) return local.length ? bytesToBigInt(local) : 0n;
    return this.snapshot.storage.get(storageKey(address.toString(), key)) ?? 0n;
  }
}

/** The token's own code, run in process by @ethereumjs/evm over a copy of the chain's state. */
export class EvmHost {
  /** Calls without value already run, by caller, target and calldata. */
  private readonly recorded = new Map<string, Recorded[]>();

  private constructor(
    private readonly evm: EVM,
    private readonly state: OverlayStateManager,
    private readonly tracer: ExecutionTracer,
    private readonly block: ReturnType<typeof blockOf>,
  ) {}

  static async create(params: {
    snapshot: StateSnapshot;
    block: BlockContext;
    stepBudget: number;
    passBudget?: { readonly steps: number; readonly frames: number };
    runtime: EngineRuntime;
  }): Promise<EvmHost> {
    const common = new Common({
      chain: Mainnet,
      hardfork: Hardfork.Cancun,
      customCrypto: { keccak256: params.runtime.keccak },
    });
    const state = new OverlayStateManager(params.snapshot);
    for (const [address, code] of params.snapshot.code) {
      if (code !== '0x') await state.putCode(createAddressFromString(address), hexToBytes(code));
    }
    for (const [address, balance] of params.snapshot.balance) {
      const at = createAddressFromString(address);
      const account = (await state.getAccount(at)) ?? new Account();
      account.balance = balance;
      await state.putAccount(at, account);
    }
    speedUpEipLookup(common, params.runtime.patches);
    const evm = await createEVM({ common, stateManager: state });
    const tracer = new ExecutionTracer(params.stepBudget, params.passBudget);
    tracer.install(evm);
    return new EvmHost(evm, state, tracer, blockOf(params.block));
  }

  /** The work every call so far did (jump destinations reached, call frames opened), whatever the machine. */
  get work(): { steps: number; frames: number } {
    return { steps: this.tracer.totalSteps, frames: this.tracer.totalFrames };
  }

  /** The pass budget is spent: every further call stops at its first step. */
  get spent(): boolean {
    return this.tracer.spent;
  }

  get misses(): ReadonlySet<string> {
    return this.state.misses;
  }

  async call(request: CallRequest): Promise<ExecResult> {
    // Each call is a transaction of its own: SSTORE's refund rules read the slot's value at the
    // transaction's start, and a value cached by an earlier call (since reverted) can underflow them.
    this.state.originalStorageCache.clear();
    const id = request.value || request.context ? null : `${request.from}:${request.to}:${request.data}`.toLowerCase();
    const replayed = id === null ? null : await this.replay(id);
    if (replayed) return replayed;
    const trace = this.tracer.begin(request.to, BigInt(request.from));
    const from = createAddressFromString(request.from);
    const to = createAddressFromString(request.to);
    const context = request.context;
    const result = await this.evm.runCall({
      caller: from,
      to,
      data: hexToBytes(request.data),
      value: request.value ?? 0n,
      gasLimit: context?.gasLimit ?? CALL_GAS,
      skipBalance: true,
      block: (context ? blockIn(this.block, context) : this.block) as never,
      ...(context?.gasPrice !== undefined ? { gasPrice: context.gasPrice } : {}),
      ...(context?.origin ? { origin: createAddressFromString(context.origin) } : {}),
    });
    const error = result.execResult.exceptionError;
    const exhausted = this.tracer.end() || error?.error === EVMError.errorMessages.OUT_OF_GAS;
    const outcome = { ok: !error, returnData: result.execResult.returnValue, trace, exhausted };
    const footprint = this.tracer.footprint();
    if (id !== null && !exhausted && gasBlind(footprint, trace, result.execResult.gas))
      this.record(id, { from, to, firstReads: footprint.firstReads, result: outcome });
    return outcome;
  }

  /**
   * A call that read nothing but its calldata and the token's storage, and ran far from its gas
   * limit, takes the same path wherever the keys it read first hold the same values. Its state
   * changes are applied as the EVM would apply them: the caller's nonce, the slots' original values
   * (SSTORE gas) and misses, and on success its writes and the slots it warmed.
   */
  private async replay(id: string): Promise<ExecResult | null> {
    const known = this.recorded
      .get(id)
      ?.find((r) => [...r.firstReads].every(([key, value]) => this.state.peek(r.to, key) === value));
    if (!known) return null;
    const { trace } = known.result;
    const caller = (await this.state.getAccount(known.from)) ?? new Account();
    caller.nonce++;
    await this.journal.putAccount(known.from, caller);
    const slots = new Set([...known.firstReads.keys(), ...trace.writes.keys()]);
    for (const key of slots) await this.state.getStorage(known.to, slotBytes(key));
    for (const key of trace.writes.keys()) await this.state.originalStorageCache.get(known.to, slotBytes(key));
    if (!known.result.ok) return known.result;
    for (const [key, value] of trace.writes)
      await this.state.putStorage(known.to, slotBytes(key), value === 0n ? new Uint8Array(0) : bigIntToBytes(value));
    for (const key of slots) this.journal.addWarmedStorage(known.to.bytes, slotBytes(key));
    return known.result;
  }

  private record(id: string, recorded: Recorded): void {
    const list = this.recorded.get(id) ?? [];
    if (list.length >= OUTCOMES_PER_CALL) list.shift();
    list.push(recorded);
    this.recorded.set(id, list);
  }

  private get journal(): EVM['journal'] {
    return this.evm.journal;
  }

  async checkpoint(): Promise<void> {
    await this.state.checkpoint();
  }

  async revert(): Promise<void> {
    await this.state.revert();
  }

  async setStorage(address: Address, slot: bigint, value: bigint): Promise<void> {
    const bytes = value === 0n ? new Uint8Array(0) : bigIntToBytes(value);
    await this.state.putStorage(createAddressFromString(address), setLengthLeft(bigIntToBytes(slot), 32), bytes);
  }

  async storage(address: Address, slot: bigint): Promise<bigint> {
    const value = await this.state.getStorage(createAddressFromString(address), setLengthLeft(bigIntToBytes(slot), 32));
    return value.length ? bytesToBigInt(value) : 0n;
  }

  async ethBalance(address: Address): Promise<bigint> {
    return (await this.state.getAccount(createAddressFromString(address)))?.balance ?? 0n;
  }

  async setEthBalance(address: Address, balance: bigint): Promise<void> {
    const at = createAddressFromString(address);
    const account = (await this.state.getAccount(at)) ?? new Account();
    account.balance = balance;
    await this.state.putAccount(at, account);
  }

  async setCode(address: Address, code: Hex): Promise<void> {
    this.recorded.clear();
    await this.state.putCode(createAddressFromString(address), hexToBytes(code));
  }
}

function slotBytes(key: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(key), 32);
}

/**
 * Gas cannot have steered the call: it read no gas, balance or other code, called no one, and
 * would have kept clear of its limit even had every storage access cost the most it can.
 */
function gasBlind(footprint: Footprint, trace: Trace, gasLeft: bigint | undefined): boolean {
  if (footprint.open || gasLeft === undefined) return false;
  const worst = CALL_GAS - gasLeft + ACCESS_SPREAD * BigInt(trace.reads.length + footprint.stores);
  return worst < CALL_GAS / 2n;
}

/** The engine's block as a call in `context` sees it: another coinbase, or a later block. */
function blockIn(block: ReturnType<typeof blockOf>, context: CallContext): ReturnType<typeof blockOf> {
  const ahead = context.blocksAhead ?? 0n;
  return {
    header: {
      ...block.header,
      number: block.header.number + ahead,
      timestamp: block.header.timestamp + ahead * 12n,
      ...(context.coinbase ? { coinbase: createAddressFromString(context.coinbase) } : {}),
      ...(context.baseFee !== undefined ? { baseFeePerGas: context.baseFee } : {}),
    },
  };
}

function blockOf(block: BlockContext) {
  return {
    header: {
      number: block.number,
      coinbase: createAddressFromString('0x0000000000000000000000000000000000000000'),
      timestamp: block.timestamp,
      difficulty: 0n,
      prevRandao: new Uint8Array(32),
      gasLimit: 30_000_000n,
      baseFeePerGas: 1n,
      getBlobGasPrice: () => 1n,
    },
  };
}
