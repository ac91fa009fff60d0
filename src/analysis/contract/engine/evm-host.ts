import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, EVMError, type EVM } from '@ethereumjs/evm';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { Account, bigIntToBytes, bytesToBigInt, bytesToHex, createAddressFromString, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import type { Address, Hex } from 'viem';
import { storageKey, type BlockContext, type StateSnapshot } from './chain-state';
import { ExecutionTracer, type Trace } from './execution-tracer';

/** Gas for one call: enough for any honest token function, small enough to stop a loop early. */
const CALL_GAS = 8_000_000n;

export interface CallRequest {
  from: Address;
  to: Address;
  data: Hex;
  value?: bigint;
}

export interface ExecResult {
  ok: boolean;
  returnData: Uint8Array;
  trace: Trace;
  /** The call ran out of its gas or step budget: its outcome says nothing about the code. */
  exhausted: boolean;
}

/**
 * Reads fall through to the chain snapshot; a slot the snapshot lacks reads as zero and is recorded
 * as a miss, so the engine can fetch all of them in one batch and run again.
 */
class OverlayStateManager extends SimpleStateManager {
  readonly misses = new Set<string>();

  constructor(private readonly snapshot: StateSnapshot) {
    super();
  }

  override async getStorage(address: Parameters<SimpleStateManager['getStorage']>[0], key: Uint8Array): Promise<Uint8Array> {
    const top = (this as unknown as { topStorageStack(): Map<string, Uint8Array> }).topStorageStack();
    const local = top.get(`${address.toString()}_${bytesToHex(key)}`);
    if (local !== undefined) return local;
    const ref = storageKey(address.toString(), bytesToBigInt(key));
    const value = this.snapshot.storage.get(ref);
    if (value === undefined) {
      this.misses.add(ref);
      return new Uint8Array(0);
    }
    return value === 0n ? new Uint8Array(0) : bigIntToBytes(value);
  }
}

/** The token's own code, run in process by @ethereumjs/evm over a copy of the chain's state. */
export class EvmHost {
  private constructor(
    private readonly evm: EVM,
    private readonly state: OverlayStateManager,
    private readonly tracer: ExecutionTracer,
    private readonly block: ReturnType<typeof blockOf>,
  ) {}

  static async create(params: { snapshot: StateSnapshot; block: BlockContext; stepBudget: number }): Promise<EvmHost> {
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });
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
    fastEipLookup(common);
    const evm = await createEVM({ common, stateManager: state });
    const tracer = new ExecutionTracer(params.stepBudget);
    tracer.install(evm);
    return new EvmHost(evm, state, tracer, blockOf(params.block));
  }

  get misses(): ReadonlySet<string> {
    return this.state.misses;
  }

  async call(request: CallRequest): Promise<ExecResult> {
    const trace = this.tracer.begin(request.to, BigInt(request.from));
    // Each call is a transaction of its own: SSTORE's refund rules read the slot's value at the
    // transaction's start, and a value cached by an earlier call (since reverted) can underflow them.
    this.state.originalStorageCache.clear();
    const result = await this.evm.runCall({
      caller: createAddressFromString(request.from),
      to: createAddressFromString(request.to),
      data: hexToBytes(request.data),
      value: request.value ?? 0n,
      gasLimit: CALL_GAS,
      skipBalance: true,
      block: this.block as never,
    });
    const error = result.execResult.exceptionError;
    const exhausted = this.tracer.end() || error?.error === EVMError.errorMessages.OUT_OF_GAS;
    return { ok: !error, returnData: result.execResult.returnValue, trace, exhausted };
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
    await this.state.putCode(createAddressFromString(address), hexToBytes(code));
  }
}

/** Common answers isActivatedEIP from an array several times per opcode; a Set answers the same. */
function fastEipLookup(common: Common): void {
  const active = new Set((common as unknown as { _activatedEIPsCache: number[] })._activatedEIPsCache);
  common.isActivatedEIP = (eip: number) => active.has(eip);
}

/**
 * The interpreter re-analyses the code's jump destinations on every call frame; the analysis
 * depends only on the code bytes and the EVM's opcode table, so it is cached per both.
 */
function cacheJumpAnalysis(): void {
  const path = require.resolve('@ethereumjs/evm').replace(/index\.js$/, 'interpreter.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const proto = (require(path) as { Interpreter: { prototype: Record<string, unknown> } }).Interpreter.prototype;
  if (proto.__jumpCache) return;
  const analyse = proto._getValidJumpDestinations as (this: { _evm: object }, code: Uint8Array) => unknown;
  const cache = new WeakMap<object, WeakMap<Uint8Array, unknown>>();
  proto.__jumpCache = true;
  proto._getValidJumpDestinations = function (this: { _evm: object }, code: Uint8Array): unknown {
    let perEvm = cache.get(this._evm);
    if (!perEvm) cache.set(this._evm, (perEvm = new WeakMap()));
    let analysis = perEvm.get(code);
    if (!analysis) perEvm.set(code, (analysis = analyse.call(this, code)));
    return analysis;
  };
}
cacheJumpAnalysis();

function blockOf(block: BlockContext): object {
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
