/**
 * By-hand check that every modern token deploys and trades as the manifest says, on a local
 * anvil with Uniswap V2 (factory, router, WETH9) and Multicall3 at their Ethereum-mainnet
 * addresses. Not a jest test; run it after changing a contract:
 *
 *   npx tsx bench/modern-tokens/check.ts [name ...]      (MODERN_CHECK_PORT, default 8611; 8611–8619)
 *
 * Per token: deploy (constructor arguments synthesized from parameter names, as the deployed
 * harness does), approve the router and addLiquidityETH with half the deployer's balance and
 * 10 ETH, try a stranger's buy, make the manifest's launch calls if it reverted, buy with five
 * wallets (0.1–0.5 ETH), two wallet-to-wallet transfers, two sells; then each probe of the
 * manifest (owner actions that show a labelled power, or a bounded setter refusing) runs in an
 * evm_snapshot that is reverted afterwards. Prints one line per token and exits non-zero when
 * anything differs from the manifest.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  keccak256,
  maxUint256,
  parseEther,
  toHex,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Address,
  type BaseError,
  type Hex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { compileContracts } from '../../devnet/compile';
import { MAINNET, startEvalChain } from '../deployed/chain/eval-chain';
import { DEV_MNEMONIC } from '../../devnet/world/accounts';
import { compileModernTokens, constructorArgs, type CompiledToken } from './build';
import type { Probe, ProbeArg, ProbeCall } from './manifest';

const LIQUIDITY_ETH = parseEther('10');
const BUYS = ['0.1', '0.2', '0.3', '0.4', '0.5'].map((x) => parseEther(x));
const DEADLINE = 2n ** 40n;
const TX_GAS = 8_000_000n;

/** The '$evil' contract of the probes: a hook/ledger/logic that blocks or confiscates. */
const EVIL_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract EvilHook {
    function beforeTransfer(address, address, uint256) external pure returns (bool) { return false; }
    function validate(address, address, uint256) external pure returns (bool) { return false; }
    function quote(address, address, uint256 amount) external pure returns (uint256) { return amount; }
    function update(address, address, uint256, uint256, uint256) external pure returns (uint256, uint256) { return (0, 0); }
    function balanceOf(address) external pure returns (uint256) { return 0; }
    function move(address, address, uint256) external pure { revert("evil: frozen"); }
    function executeTransfer(address, address, uint256) external pure { revert("evil: frozen"); }
    fallback() external payable { revert("evil: frozen"); }
}`;

const chain = defineChain({
  id: 1,
  name: 'modern-check',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
});

type Clients = {
  pub: ReturnType<typeof createPublicClient>;
  wallet: ReturnType<typeof createWalletClient>;
  rpc: (method: string, params: unknown[]) => Promise<unknown>;
};

interface TxResult {
  ok: boolean;
  reason?: string;
}

function short(err: unknown): string {
  const e = err as BaseError & { details?: string };
  const text = e?.details || e?.shortMessage || (err instanceof Error ? err.message : String(err));
  return text.replace(/\s+/g, ' ').slice(0, 140);
}

async function send(c: Clients, from: Address, to: Address, data: Hex, value = 0n): Promise<TxResult> {
  try {
    // An explicit gas limit: anvil's estimate can run in a block where the pair's price
    // accumulators are not written (same timestamp) and then fall short by a few thousand gas.
    const hash = await c.wallet.sendTransaction({ account: from, to, data, value, chain, gas: TX_GAS });
    const receipt = await receiptOf(c, hash);
    if (receipt.status === 'success') return { ok: true };
    // Replay on the parent block (one transaction per block here) for the revert reason.
    try {
      await c.pub.call({ account: from, to, data, value, gas: TX_GAS, blockNumber: receipt.blockNumber - 1n });
      const tx = await c.pub.getTransaction({ hash });
      return {
        ok: false,
        reason: `reverted on chain (gas ${receipt.gasUsed}/${tx.gas}, block ${receipt.blockNumber})`,
      };
    } catch (err) {
      return { ok: false, reason: short(err) };
    }
  } catch (err) {
    return { ok: false, reason: short(err) };
  }
}

/** anvil automines, so the receipt exists once the send returns; polling only as a fallback. */
async function receiptOf(c: Clients, hash: Hex) {
  try {
    return await c.pub.getTransactionReceipt({ hash });
  } catch {
    return c.pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  }
}

async function deploy(c: Clients, from: Address, abi: Abi, bytecode: Hex, args: unknown[]): Promise<Address> {
  const hash = await c.wallet.deployContract({ abi, bytecode, args, account: from, chain, gas: 15_000_000n });
  const receipt = await receiptOf(c, hash);
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deployment reverted');
  return receipt.contractAddress;
}

function wallet(label: string): Address {
  return getAddress(`0x${keccak256(toHex(`modern-check:${label}`)).slice(-40)}`);
}

function parseAmount(x: ProbeArg): bigint {
  if (typeof x === 'number') return BigInt(x);
  if (typeof x === 'string') {
    const m = /^(\d+)e(\d+)$/.exec(x);
    if (m) return BigInt(m[1]) * 10n ** BigInt(m[2]);
    return BigInt(x);
  }
  throw new Error(`not an amount: ${JSON.stringify(x)}`);
}

function resolveArg(p: { type: string }, x: ProbeArg, env: Record<string, Address | bigint>): unknown {
  if (p.type.endsWith('[]')) {
    if (!Array.isArray(x)) throw new Error(`expected an array for ${p.type}`);
    const inner = { type: p.type.slice(0, -2) };
    return x.map((y) => resolveArg(inner, y, env));
  }
  if (typeof x === 'string' && x.startsWith('$')) {
    const v = env[x.slice(1)];
    if (v === undefined) throw new Error(`unknown placeholder ${x}`);
    return v;
  }
  if (p.type === 'address') return getAddress(x as string);
  if (p.type === 'bool') return x as boolean;
  if (p.type.startsWith('uint') || p.type.startsWith('int')) return parseAmount(x);
  return x;
}

function findFunction(abi: Abi, name: string, argc: number): AbiFunction {
  const fns = abi.filter((i): i is AbiFunction => i.type === 'function' && i.name === name && i.inputs.length === argc);
  if (!fns.length) throw new Error(`no function ${name} with ${argc} argument(s)`);
  return fns[0];
}

class TokenRun {
  token!: Address;
  readonly lines: string[] = [];
  failures = 0;
  constructor(
    private readonly c: Clients,
    private readonly t: CompiledToken,
    private readonly deployer: Address,
    private readonly buyers: Address[],
    private readonly stranger: Address,
    private readonly evil: Address,
    private readonly routerAbi: Abi,
  ) {}

  private fail(msg: string): void {
    this.failures++;
    this.lines.push(`FAIL ${msg}`);
  }

  balance(a: Address): Promise<bigint> {
    return this.c.pub.readContract({ address: this.token, abi: erc20Abi, functionName: 'balanceOf', args: [a] });
  }

  buy(who: Address, value: bigint): Promise<TxResult> {
    const data = encodeFunctionData({
      abi: this.routerAbi,
      functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
      args: [0n, [MAINNET.weth, this.token], who, DEADLINE],
    });
    return send(this.c, who, MAINNET.router, data, value);
  }

  sell(who: Address, amount: bigint, to: Address = who): Promise<TxResult> {
    const data = encodeFunctionData({
      abi: this.routerAbi,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [amount, 0n, [this.token, MAINNET.weth], to, DEADLINE],
    });
    return send(this.c, who, MAINNET.router, data);
  }

  transfer(from: Address, to: Address, amount: bigint): Promise<TxResult> {
    return send(
      this.c,
      from,
      this.token,
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
    );
  }

  approveRouter(from: Address): Promise<TxResult> {
    return send(
      this.c,
      from,
      this.token,
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [MAINNET.router, maxUint256] }),
    );
  }

  async quote(amount: bigint): Promise<bigint> {
    const out = (await this.c.pub.readContract({
      address: MAINNET.router,
      abi: this.routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, [this.token, MAINNET.weth]],
    })) as bigint[];
    return out[1];
  }

  /** Sells `amount` to a fresh recipient and returns the ETH it received (or the revert). */
  async sellFor(who: Address, amount: bigint, tag: string): Promise<{ res: TxResult; eth: bigint; quote: bigint }> {
    const quote = await this.quote(amount).catch(() => 0n);
    const to = wallet(`recipient:${this.t.token.name}:${tag}`);
    const before = await this.c.pub.getBalance({ address: to });
    const res = await this.sell(who, amount, to);
    const eth = (await this.c.pub.getBalance({ address: to })) - before;
    return { res, eth, quote };
  }

  async callOf(call: ProbeCall, env: Record<string, Address | bigint>): Promise<TxResult> {
    let target = this.token;
    let abi = this.t.abi;
    if (call.on) {
      target = (await this.c.pub.readContract({
        address: this.token,
        abi: this.t.abi,
        functionName: call.on,
      })) as Address;
      abi = this.t.fileAbis[call.onContract ?? ''] ?? [];
    }
    const args = call.args ?? [];
    const fn = findFunction(abi, call.fn, args.length);
    const values = fn.inputs.map((p: AbiParameter, i) => resolveArg(p, args[i], env));
    let from = this.deployer;
    if (call.from) {
      from = getAddress(call.from);
      await this.c.rpc('anvil_setBalance', [from, toHex(parseEther('10'))]);
    }
    return send(this.c, from, target, encodeFunctionData({ abi: [fn], functionName: fn.name, args: values }));
  }

  async run(): Promise<void> {
    const { t, c } = this;
    const m = t.token;
    // 1. deploy
    try {
      this.token = await deploy(c, this.deployer, t.abi, t.bytecode, constructorArgs(t.abi, this.deployer, m.name));
    } catch (err) {
      this.fail(`deploy: ${short(err)}`);
      return;
    }
    const supply = await this.balance(this.deployer);
    if (supply === 0n) return this.fail('deployer holds no tokens after deployment');

    // 2. liquidity
    const approve = await this.approveRouter(this.deployer);
    if (!approve.ok) return this.fail(`owner approve: ${approve.reason}`);
    const addLiq = await send(
      c,
      this.deployer,
      MAINNET.router,
      encodeFunctionData({
        abi: this.routerAbi,
        functionName: 'addLiquidityETH',
        args: [this.token, supply / 2n, 0n, 0n, this.deployer, DEADLINE],
      }),
      LIQUIDITY_ETH,
    );
    if (!addLiq.ok) return this.fail(`addLiquidityETH: ${addLiq.reason}`);

    // 3. launch
    const pre = await this.buy(this.stranger, parseEther('0.05'));
    let launchText = 'buys open at once';
    if (pre.ok && m.launch.length)
      this.fail(`a buy worked before launch, but the manifest lists ${m.launch.join(', ')}`);
    if (!pre.ok) {
      if (!m.launch.length) return this.fail(`a buy reverts and no launch call is listed: ${pre.reason}`);
      for (const sig of m.launch) {
        const name = sig.slice(0, sig.indexOf('('));
        const res = await this.callOf({ fn: name, args: sig.includes('bool') ? [true] : [] }, {});
        if (!res.ok) return this.fail(`launch ${sig}: ${res.reason}`);
      }
      const again = await this.buy(this.stranger, parseEther('0.05'));
      if (!again.ok) return this.fail(`buy still reverts after ${m.launch.join(', ')}: ${again.reason}`);
      launchText = `pre-launch buy reverted (${pre.reason?.slice(0, 50)}); launched with ${m.launch.join(' + ')}`;
    }
    this.lines.push(launchText);

    // 4. trading
    const buys = [];
    for (let i = 0; i < this.buyers.length; i++) buys.push(await this.buy(this.buyers[i], BUYS[i]));
    const okBuys = buys.filter((b) => b.ok).length;
    if (okBuys < buys.length) this.fail(`buys ${okBuys}/${buys.length}: ${buys.find((b) => !b.ok)?.reason}`);
    const [b0, b1, b2, b3, b4] = this.buyers;
    const transfers = [
      await this.transfer(b0, b1, (await this.balance(b0)) / 4n),
      await this.transfer(b2, b3, (await this.balance(b2)) / 4n),
    ];
    const okTransfers = transfers.filter((x) => x.ok).length;
    if (okTransfers < 2) this.fail(`transfers ${okTransfers}/2: ${transfers.find((x) => !x.ok)?.reason}`);
    for (const b of this.buyers) await this.approveRouter(b);
    const sells = [];
    for (const [i, who] of [b0, b1].entries())
      sells.push(await this.sellFor(who, (await this.balance(who)) / 2n, `sell${i}`));
    const okSells = sells.filter((s) => s.res.ok).length;
    if (m.sells === 'ok' && okSells < 2) this.fail(`sells ${okSells}/2: ${sells.find((s) => !s.res.ok)?.res.reason}`);
    if (m.sells === 'refused' && okSells > 0) this.fail(`sells should be refused but ${okSells}/2 went through`);
    const keep = sells.filter((s) => s.res.ok && s.quote > 0n).map((s) => Number((s.eth * 1000n) / s.quote) / 10);
    this.lines.push(
      `buys ${okBuys}/5, transfers ${okTransfers}/2, sells ${okSells}/2 (${m.sells}` +
        (keep.length ? `; sellers got ${keep.map((k) => `${k}%`).join(', ')} of the fee-less quote` : '') +
        (m.sells === 'refused' ? `; ${sells[0].res.reason?.slice(0, 60)}` : '') +
        ')',
    );

    // 5. probes
    let passed = 0;
    for (const [i, p] of m.probes.entries()) {
      const snap = (await c.rpc('evm_snapshot', [])) as string;
      try {
        const verdict = await this.probe(p, b4, b3);
        if (verdict === true) passed++;
        else
          this.fail(
            `probe ${i + 1} (${p.effect} after ${p.calls.map((x) => x.fn).join('+') || 'nothing'}): ${verdict}`,
          );
      } catch (err) {
        this.fail(`probe ${i + 1} (${p.effect}): ${short(err)}`);
      } finally {
        await c.rpc('evm_revert', [snap]);
      }
    }
    if (m.probes.length) this.lines.push(`probes ${passed}/${m.probes.length}`);
  }

  /** true when the probe shows its effect, else the reason it did not. */
  private async probe(p: Probe, holder: Address, other: Address): Promise<true | string> {
    const held = await this.balance(holder);
    if (held === 0n) return 'the holder has no tokens';
    const env: Record<string, Address | bigint> = {
      holder,
      other,
      owner: this.deployer,
      evil: this.evil,
      holderBalance: held,
    };
    const mintedBefore = (await this.balance(this.deployer)) + held;
    for (const [i, call] of p.calls.entries()) {
      const res = await this.callOf(call, env);
      const last = i === p.calls.length - 1;
      if (p.effect === 'call_reverts' && last) return res.ok ? `${call.fn} did not revert` : true;
      if (!res.ok) return `${call.fn} reverted: ${res.reason}`;
    }
    switch (p.effect) {
      case 'sell_blocked': {
        const r = await this.sell(holder, held / 2n);
        return r.ok ? 'the sell went through' : true;
      }
      case 'transfer_blocked': {
        const r = await this.transfer(holder, other, held / 10n);
        return r.ok ? 'the transfer went through' : true;
      }
      case 'cooldown': {
        const first = await this.sell(holder, held / 10n);
        const second = await this.sell(holder, held / 10n);
        return first.ok && second.ok ? 'both sells went through' : true;
      }
      case 'sell_confiscated': {
        const s = await this.sellFor(holder, held / 4n, 'probe');
        if (!s.res.ok) return true;
        return s.eth * 2n < s.quote ? true : `the seller got ${s.eth} of a quote of ${s.quote}`;
      }
      case 'balance_taken': {
        if (p.trigger === 'transfer') await this.transfer(holder, other, 1n);
        const after = await this.balance(holder);
        const floor = held - (p.trigger === 'transfer' ? 1n : 0n);
        return after < floor ? true : `the holder still has ${after} of ${held}`;
      }
      case 'minted': {
        const after = (await this.balance(this.deployer)) + (await this.balance(holder));
        return after > mintedBefore ? true : 'no balance grew';
      }
      case 'sell_ok': {
        const r = await this.sell(holder, held / 10n);
        return r.ok ? true : `the sell reverted: ${r.reason}`;
      }
      case 'call_reverts':
        return 'no calls';
    }
  }
}

function compileEvil(): { abi: Abi; bytecode: Hex } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'EvilHook.sol': { content: EVIL_SOURCE } },
        settings: {
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  ) as { contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>> };
  const c = out.contracts['EvilHook.sol'].EvilHook;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const started = Date.now();
  const compiled = compileModernTokens('.data/modern-tokens-cache').filter(
    (c) => !only.length || only.includes(c.token.name),
  );
  if (!compiled.length) throw new Error(`no token named ${only.join(', ')}`);
  const dex = compileContracts('.data/contracts-cache').contracts;
  const evilArtifact = compileEvil();
  console.log(`compiled in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // The harness's own eval chain: chain id 1, Uniswap V2, WETH and Multicall3 at their mainnet addresses.
  const evalChain = await startEvalChain({ port: Number(process.env.MODERN_CHECK_PORT ?? 8611) });
  const url = evalChain.rpcUrl;
  try {
    const transport = http(url, { timeout: 30_000 });
    const c: Clients = {
      pub: createPublicClient({ chain, transport }),
      wallet: createWalletClient({ chain, transport }),
      rpc: async (method, params) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        const json = (await res.json()) as { result?: unknown; error?: { message: string } };
        if (json.error) throw new Error(`${method}: ${json.error.message}`);
        return json.result;
      },
    };
    const deployer = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 }).address;
    const evil = await deploy(c, deployer, evilArtifact.abi, evilArtifact.bytecode, []);

    const buyers = [0, 1, 2, 3, 4].map((i) => wallet(`buyer:${i}`));
    const stranger = wallet('stranger');
    for (const a of [...buyers, stranger]) await c.rpc('anvil_setBalance', [a, toHex(parseEther('1000'))]);

    let failed = 0;
    for (const t of compiled) {
      const run = new TokenRun(c, t, deployer, buyers, stranger, evil, dex.UniswapV2Router02.abi);
      try {
        await run.run();
      } catch (err) {
        run.failures++;
        run.lines.push(`FAIL ${short(err)}`);
      }
      if (run.failures) failed++;
      const head = `${run.failures ? 'FAIL' : 'ok  '} ${t.token.style.padEnd(5)} ${t.token.name.padEnd(22)}`;
      console.log(`${head} ${run.lines.join(' | ')}`);
    }
    console.log(
      `\n${compiled.length - failed}/${compiled.length} tokens behave as the manifest says (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    await evalChain.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
