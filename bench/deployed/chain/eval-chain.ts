import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decodeFunctionResult,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  keccak256,
  parseEther,
  toHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { anvilBinary, waitForRpc } from '../../../devnet/anvil';
import { compileContracts, type CompileResult } from '../../../devnet/compile';
import { projectRoot } from '../../../devnet/paths';
import { DEV_MNEMONIC } from '../../../devnet/world/accounts';
import { decodeRevert } from './reasons';
import { EvalRpc, hexQty, revertData, RpcError } from './rpc';

/** Ethereum mainnet addresses the eval chain reproduces (the service treats chain id 1 as mainnet). */
export const MAINNET = {
  factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
  router: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
  weth: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
} as const satisfies Record<string, Address>;

export const WALLET_COUNT = 100;
/** Gas for a deployment: hostile constructors are bounded by it. */
export const DEPLOY_GAS = 30_000_000n;
/** Gas for any other transaction. */
export const TX_GAS = 8_000_000n;
const RECEIPT_TIMEOUT_MS = 30_000;

export interface TxRequest {
  from: Address;
  /** Absent for a deployment. */
  to?: Address;
  data?: Hex;
  value?: bigint;
  gas?: bigint;
}

export interface CallOutcome {
  ok: boolean;
  /** Return data (ok) or revert data (not ok). */
  data: Hex;
  reason?: string;
}

export interface TxOutcome {
  ok: boolean;
  /** False when the transaction was not sent (its simulation reverted) or never got a receipt. */
  mined: boolean;
  hash?: Hex;
  reason?: string;
  contractAddress?: Address;
  gasUsed?: bigint;
}

export interface SendOptions {
  /** ABI for decoding custom errors. */
  abi?: Abi;
  /** Mine the transaction even when its simulation reverts (a failed trade stays on chain, as a real one would). */
  mineOnRevert?: boolean;
  /**
   * On failure, also name why the innermost failing call into this address reverted (a router
   * reports 'TRANSFER_FAILED' where the token said 'Trading not active'): `outer (token: inner)`.
   */
  traceInto?: Address;
  /** ABI for decoding the inner reason (the target's). */
  traceAbi?: Abi;
}

export interface DexAddresses {
  factory: Address;
  router: Address;
  weth: Address;
  multicall3: Address;
  /** A 6-decimals USD token at mainnet USDC's address (the devnet's USDC contract, owner = deployer). */
  usdc: Address;
  /** keccak256 of our pair's creation code: differs from mainnet's, so tokens that compute the pair address from mainnet's hash get a wrong one. */
  pairInitCodeHash: Hex;
}

/**
 * One anvil posing as Ethereum mainnet. Rows share it and accumulate on it; they must be
 * deployed and launched one at a time (snapshots are chain-wide).
 */
export interface EvalChain {
  readonly rpcUrl: string;
  readonly port: number;
  readonly chainId: 1;
  readonly rpc: EvalRpc;
  readonly dex: DexAddresses;
  /** Mnemonic account 0: deployed the DEX; rows get their own deployers from newAccount. */
  readonly deployer: Address;
  /** Mnemonic accounts 1..99 (anvil's public test mnemonic), 1,000,000 ETH each at start. */
  readonly wallets: readonly Address[];
  /** ABIs of the DEX contracts placed at the mainnet addresses. */
  readonly abis: { router: Abi; factory: Abi; pair: Abi; weth: Abi; usdc: Abi };
  log(line: string): void;
  /** False once anvil has exited (crashed or stopped): every later call would fail. */
  alive(): boolean;
  /** Kills anvil; resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>;
  snapshot(): Promise<Hex>;
  /** Reverts to a snapshot (which anvil then forgets: take a new one to revert again). */
  revert(id: Hex): Promise<boolean>;
  /** A fresh key-less address (auto-impersonated: it can send) funded with `eth` ETH (default 1,000). */
  newAccount(role: string, eth?: bigint): Promise<Address>;
  setBalance(address: Address, wei: bigint): Promise<void>;
  balance(address: Address): Promise<bigint>;
  latest(): Promise<{ number: bigint; timestamp: bigint }>;
  /** Mines `blocks` empty blocks, `seconds` apart. */
  mine(blocks: number, seconds?: number): Promise<void>;
  /** eth_call at the latest block; never throws. */
  call(tx: TxRequest, abi?: Abi): Promise<CallOutcome>;
  /** Simulates, then (unless it reverts and !mineOnRevert) sends and waits for the receipt; never throws. */
  send(tx: TxRequest, opts?: SendOptions): Promise<TxOutcome>;
  /** A decoded view call, or undefined when it reverts or cannot be decoded. */
  read<T = unknown>(
    abi: Abi,
    address: Address,
    functionName: string,
    args?: readonly unknown[],
  ): Promise<T | undefined>;
}

export interface EvalChainOptions {
  port: number;
  log?(line: string): void;
}

interface Frame {
  to?: string;
  input?: string;
  error?: string;
  revertReason?: string;
  output?: Hex;
  calls?: Frame[];
}

const withInner = (outer: string | undefined, inner: string | undefined): string | undefined =>
  inner && outer && !outer.includes(inner) ? `${outer} (token: ${inner})` : (outer ?? inner);

const errText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Children still running, killed if this process exits normally (including on a thrown error). */
const liveChildren = new Set<ChildProcess>();
let hookInstalled = false;
function killOnExit(child: ChildProcess): void {
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  if (hookInstalled) return;
  hookInstalled = true;
  process.on('exit', () => {
    for (const c of liveChildren) c.kill('SIGKILL');
  });
}

/** A detached shell that kills anvil once this process is gone (covers SIGKILL of the parent). */
function guard(anvilPid: number): ChildProcess {
  const sh = `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${anvilPid} 2>/dev/null; do sleep 2; done; kill ${anvilPid} 2>/dev/null`;
  const g = spawn('/bin/sh', ['-c', sh], { detached: true, stdio: 'ignore' });
  g.unref();
  return g;
}

class AnvilEvalChain implements EvalChain {
  readonly chainId = 1 as const;
  readonly rpc: EvalRpc;
  readonly dex: DexAddresses;
  readonly abis: EvalChain['abis'];
  private accountCounter = 0;
  private stopped = false;

  constructor(
    readonly rpcUrl: string,
    readonly port: number,
    readonly deployer: Address,
    readonly wallets: readonly Address[],
    artifacts: CompileResult,
    private readonly child: ChildProcess,
    private readonly watchdog: ChildProcess,
    private readonly logFn: (line: string) => void,
    /** Where anvil writes the states it moves out of memory (gigabytes over a full corpus): removed at stop. */
    private readonly stateDir: string,
  ) {
    this.rpc = new EvalRpc(rpcUrl);
    const c = artifacts.contracts;
    this.abis = {
      router: c.UniswapV2Router02.abi,
      factory: c.UniswapV2Factory.abi,
      pair: c.UniswapV2Pair.abi,
      weth: c.WETH9.abi,
      usdc: c.USDC.abi,
    };
    this.dex = {
      factory: MAINNET.factory,
      router: MAINNET.router,
      weth: MAINNET.weth,
      multicall3: MAINNET.multicall3,
      usdc: MAINNET.usdc,
      pairInitCodeHash: keccak256(c.UniswapV2Pair.bytecode),
    };
  }

  log(line: string): void {
    this.logFn(line);
  }

  alive(): boolean {
    return !this.stopped && this.child.exitCode === null && this.child.signalCode === null;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    try {
      if (this.watchdog.pid) process.kill(this.watchdog.pid);
    } catch {
      /* already gone */
    }
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.stateDir, { recursive: true, force: true });
  }

  async snapshot(): Promise<Hex> {
    return this.rpc.call<Hex>('evm_snapshot');
  }

  async revert(id: Hex): Promise<boolean> {
    try {
      return await this.rpc.call<boolean>('evm_revert', [id]);
    } catch {
      return false;
    }
  }

  async newAccount(role: string, eth = 1_000n): Promise<Address> {
    const n = this.accountCounter++;
    const address = getAddress(`0x${keccak256(toHex(`eval-chain:${role}:${n}`)).slice(-40)}`);
    await this.setBalance(address, parseEther(eth.toString()));
    return address;
  }

  async setBalance(address: Address, wei: bigint): Promise<void> {
    await this.rpc.call('anvil_setBalance', [address, hexQty(wei)]);
  }

  async balance(address: Address): Promise<bigint> {
    return BigInt(await this.rpc.call<Hex>('eth_getBalance', [address, 'latest']));
  }

  async latest(): Promise<{ number: bigint; timestamp: bigint }> {
    const b = await this.rpc.call<{ number: Hex; timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
    return { number: BigInt(b.number), timestamp: BigInt(b.timestamp) };
  }

  async mine(blocks: number, seconds = 12): Promise<void> {
    for (let i = 0; i < blocks; i++) {
      if (seconds > 0) await this.rpc.call('evm_increaseTime', [seconds]);
      await this.rpc.call('evm_mine');
    }
  }

  private params(tx: TxRequest, defaultGas: bigint): Record<string, string> {
    const p: Record<string, string> = { from: tx.from, gas: hexQty(tx.gas ?? defaultGas) };
    if (tx.to) p.to = tx.to;
    if (tx.data) p.data = tx.data;
    if (tx.value) p.value = hexQty(tx.value);
    return p;
  }

  async call(tx: TxRequest, abi?: Abi): Promise<CallOutcome> {
    try {
      const data = await this.rpc.call<Hex>('eth_call', [this.params(tx, tx.to ? TX_GAS : DEPLOY_GAS), 'latest']);
      return { ok: true, data };
    } catch (err) {
      const data = revertData(err) ?? '0x';
      const message = err instanceof RpcError ? err.rpcMessage : errText(err);
      return { ok: false, data, reason: decodeRevert(data, abi, message) };
    }
  }

  async send(tx: TxRequest, opts: SendOptions = {}): Promise<TxOutcome> {
    const sim = await this.call(tx, opts.abi);
    if (!sim.ok && !opts.mineOnRevert) {
      const inner = opts.traceInto
        ? await this.innerReason(
            ['debug_traceCall', [this.params(tx, tx.to ? TX_GAS : DEPLOY_GAS), 'latest', { tracer: 'callTracer' }]],
            opts.traceInto,
            opts.traceAbi ?? opts.abi,
          )
        : undefined;
      return { ok: false, mined: false, reason: withInner(sim.reason, inner) };
    }
    let hash: Hex;
    try {
      hash = await this.rpc.call<Hex>('eth_sendTransaction', [this.params(tx, tx.to ? TX_GAS : DEPLOY_GAS)]);
    } catch (err) {
      return { ok: false, mined: false, reason: sim.reason ?? `not sent: ${errText(err)}` };
    }
    const receipt = await this.receipt(hash);
    if (!receipt) {
      // Never leave a stuck transaction in the pool for the next row.
      await this.rpc.call('anvil_dropTransaction', [hash]).catch(() => undefined);
      return { ok: false, mined: false, hash, reason: `no receipt within ${RECEIPT_TIMEOUT_MS} ms` };
    }
    const ok = receipt.status === '0x1';
    const out: TxOutcome = {
      ok,
      mined: true,
      hash,
      gasUsed: BigInt(receipt.gasUsed),
      contractAddress: receipt.contractAddress ? getAddress(receipt.contractAddress) : undefined,
    };
    if (!ok) {
      out.reason = sim.ok ? await this.minedRevertReason(hash, opts.abi) : sim.reason;
      if (opts.traceInto)
        out.reason = withInner(
          out.reason,
          await this.innerReason(
            ['debug_traceTransaction', [hash, { tracer: 'callTracer' }]],
            opts.traceInto,
            opts.traceAbi ?? opts.abi,
          ),
        );
    }
    return out;
  }

  /** The revert reason of the deepest failed call into `target` in a call trace. */
  private async innerReason(request: [string, unknown[]], target: Address, abi?: Abi): Promise<string | undefined> {
    let trace: Frame;
    try {
      trace = await this.rpc.call<Frame>(request[0], request[1], 15_000);
    } catch {
      return undefined;
    }
    const t = target.toLowerCase();
    let found: Frame | undefined;
    let returnedFalse: Frame | undefined;
    const walk = (f: Frame, depth: number): void => {
      if (depth > 0 && f.to?.toLowerCase() === t) {
        if (f.error) found = f;
        // transfer / transferFrom answering false instead of reverting.
        else if (/^0x(a9059cbb|23b872dd)/.test(f.input ?? '') && f.output !== undefined && /^0x0{64}$/.test(f.output))
          returnedFalse = f;
      }
      for (const c of f.calls ?? []) walk(c, depth + 1);
    };
    walk(trace, 0);
    if (!found)
      return returnedFalse
        ? `${returnedFalse.input?.startsWith('0xa9059cbb') ? 'transfer' : 'transferFrom'} returned false`
        : undefined;
    return found.revertReason ?? decodeRevert(found.output, abi, found.error);
  }

  private async receipt(
    hash: Hex,
  ): Promise<{ status: Hex; gasUsed: Hex; contractAddress: Address | null } | undefined> {
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      try {
        const r = await this.rpc.call<{ status: Hex; gasUsed: Hex; contractAddress: Address | null } | null>(
          'eth_getTransactionReceipt',
          [hash],
        );
        if (r) return r;
        // Automine should have mined it: nudge once in case the pool held it back.
        await this.rpc.call('evm_mine').catch(() => undefined);
      } catch {
        /* retry until the deadline */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return undefined;
  }

  /** The revert reason of a mined transaction whose simulation had passed (from a call trace). */
  private async minedRevertReason(hash: Hex, abi?: Abi): Promise<string> {
    try {
      const t = await this.rpc.call<{ output?: Hex; error?: string; revertReason?: string }>(
        'debug_traceTransaction',
        [hash, { tracer: 'callTracer' }],
        15_000,
      );
      if (t.revertReason) return t.revertReason;
      return decodeRevert(t.output, abi, t.error ?? 'reverted when mined');
    } catch {
      return 'reverted when mined';
    }
  }

  async read<T = unknown>(
    abi: Abi,
    address: Address,
    functionName: string,
    args: readonly unknown[] = [],
  ): Promise<T | undefined> {
    let data: Hex;
    try {
      data = encodeFunctionData({ abi, functionName, args } as never);
    } catch {
      return undefined;
    }
    const r = await this.call({ from: this.deployer, to: address, data, gas: 5_000_000n });
    if (!r.ok || r.data === '0x') return undefined;
    try {
      return decodeFunctionResult({ abi, functionName, data: r.data } as never) as T;
    } catch {
      return undefined;
    }
  }
}

/** Deploys a contract normally, then copies its runtime code and nonzero low storage slots to `target`. */
async function placeAt(
  chain: AnvilEvalChain,
  artifacts: CompileResult,
  name: string,
  args: readonly unknown[],
  target: Address,
): Promise<void> {
  const c = artifacts.contracts[name];
  if (!c) throw new Error(`eval chain: no artifact ${name}`);
  const data = encodeDeployData({ abi: c.abi, bytecode: c.bytecode, args } as never);
  const r = await chain.send({ from: chain.deployer, data, gas: DEPLOY_GAS });
  if (!r.ok || !r.contractAddress) throw new Error(`eval chain: deploying ${name} failed: ${r.reason}`);
  const code = await chain.rpc.call<Hex>('eth_getCode', [r.contractAddress, 'latest']);
  await chain.rpc.call('anvil_setCode', [target, code]);
  for (let slot = 0; slot < 32; slot++) {
    const v = await chain.rpc.call<Hex>('eth_getStorageAt', [r.contractAddress, hexQty(slot), 'latest']);
    if (BigInt(v) !== 0n)
      await chain.rpc.call('anvil_setStorageAt', [target, toHex(slot, { size: 32 }), toHex(BigInt(v), { size: 32 })]);
  }
}

/**
 * Starts an anvil that poses as Ethereum mainnet (chain id 1, automine) with Uniswap V2, WETH,
 * Multicall3 and a USDC-like token at their mainnet addresses. Throws only if the chain cannot
 * be set up at all (anvil is stopped again in that case).
 */
export async function startEvalChain(opts: EvalChainOptions): Promise<EvalChain> {
  const log = opts.log ?? (() => undefined);
  const artifacts = compileContracts(join(projectRoot(__dirname), '.data', 'contracts-cache'));
  for (const name of ['UniswapV2Factory', 'UniswapV2Router02', 'WETH9', 'Multicall3', 'UniswapV2Pair', 'USDC']) {
    if (!artifacts.contracts[name]) throw new Error(`eval chain: contracts/ has no ${name}`);
  }
  const stateDir = mkdtempSync(join(tmpdir(), 'eval-chain-states-'));
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(opts.port),
    '--chain-id',
    '1',
    '--mnemonic',
    DEV_MNEMONIC,
    '--accounts',
    String(WALLET_COUNT),
    '--balance',
    '1000000',
    '--gas-limit',
    '100000000',
    // Decimal only (anvil 1.7.1 rejects hex here): 64 KiB of runtime code, 128 KiB of init code.
    '--code-size-limit',
    '65536',
    '--auto-impersonate',
    '--silent',
    // anvil moves old states to disk (by default under ~/.foundry/anvil/tmp, never removed: 12 GB after one run
    // of the dev sources); a directory of this run's own is removed when the chain stops.
    '--cache-path',
    stateDir,
  ];
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  killOnExit(child);
  const watchdog = child.pid ? guard(child.pid) : spawn('/bin/true');
  const rpcUrl = `http://127.0.0.1:${opts.port}`;
  const accounts = Array.from(
    { length: WALLET_COUNT },
    (_, i) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i }).address,
  );
  const chain = new AnvilEvalChain(
    rpcUrl,
    opts.port,
    accounts[0],
    accounts.slice(1),
    artifacts,
    child,
    watchdog,
    log,
    stateDir,
  );
  try {
    await waitForRpc(rpcUrl, child, 20_000);
    log(`eval chain: anvil on ${rpcUrl} (chain id 1)`);
    await placeAt(chain, artifacts, 'WETH9', [], MAINNET.weth);
    await placeAt(chain, artifacts, 'UniswapV2Factory', [chain.deployer], MAINNET.factory);
    await placeAt(chain, artifacts, 'UniswapV2Router02', [MAINNET.factory, MAINNET.weth], MAINNET.router);
    await placeAt(chain, artifacts, 'Multicall3', [], MAINNET.multicall3);
    await placeAt(chain, artifacts, 'USDC', [], MAINNET.usdc);
    const factory = await chain.read<Address>(chain.abis.router, MAINNET.router, 'factory');
    const weth = await chain.read<Address>(chain.abis.router, MAINNET.router, 'WETH');
    const setter = await chain.read<Address>(chain.abis.factory, MAINNET.factory, 'feeToSetter');
    if (factory !== MAINNET.factory || weth !== MAINNET.weth || setter !== chain.deployer) {
      throw new Error(
        `eval chain: DEX placement check failed (router.factory=${factory}, router.WETH=${weth}, feeToSetter=${setter})`,
      );
    }
    const mint = encodeFunctionData({
      abi: chain.abis.usdc,
      functionName: 'mint',
      args: [chain.deployer, 10_000_000n * 10n ** 6n],
    });
    const minted = await chain.send({ from: chain.deployer, to: MAINNET.usdc, data: mint });
    if (!minted.ok) throw new Error(`eval chain: USDC mint failed: ${minted.reason}`);
    log(`eval chain: Uniswap V2, WETH, Multicall3 and USDC at their mainnet addresses`);
    return chain;
  } catch (err) {
    await chain.stop();
    throw err;
  }
}
