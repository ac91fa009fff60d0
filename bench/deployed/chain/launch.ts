import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  maxUint256,
  parseEther,
  toEventSelector,
  zeroAddress,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Address,
  type Hex,
} from 'viem';
import type { CompiledRow, DeployedRow, LaunchedRow, RowFailure, TradeResult } from '../types';
import { DEAD, fmtUint, uintByName } from './args';
import type { EvalChain, TxOutcome } from './eval-chain';

export type LaunchOutcome = { ok: true; launched: LaunchedRow } | { ok: false; failure: RowFailure };

/** ETH the owner pairs with half its tokens. */
export const LIQUIDITY_ETH = parseEther('10');
/** The buy that tells whether trading is open. */
export const PROBE_BUY_ETH = parseEther('0.1');
/** The buyers of the trade phase (distinct fresh wallets). */
export const BUY_ETH = ['0.1', '0.2', '0.3', '0.4', '0.5'].map((e) => parseEther(e));
/** Pair reserves are uint112: a token amount above this cannot be added as liquidity. */
const MAX_LIQUIDITY_TOKENS = 10n ** 32n;
/** Launch search: calls tried per search, and calls combined at most. */
const SEARCH_BUDGET = 160;
/** Wall-clock bound of one search (a slow token must not hold the run). */
const SEARCH_MS = 90_000;
const MAX_COMBINED = 3;

const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
const fail = (reason: string): LaunchOutcome => ({ ok: false, failure: { step: 'launch', reason } });
const errText = (err: unknown): string => (err instanceof Error ? err.message.split('\n')[0] : String(err));

const WETH_ABI = [
  { type: 'function', name: 'deposit', stateMutability: 'payable', inputs: [], outputs: [] },
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'v', type: 'uint256' },
    ],
    outputs: [{ type: 'bool' }],
  },
] as const satisfies Abi;

/** Standard ERC-20 surface and ownership plumbing: never a launch call. */
const STANDARD = new Set(
  [
    'transfer',
    'transferFrom',
    'approve',
    'increaseAllowance',
    'decreaseAllowance',
    'increaseApproval',
    'decreaseApproval',
    'balanceOf',
    'totalSupply',
    'allowance',
    'name',
    'symbol',
    'decimals',
    'approveAndCall',
    'transferAndCall',
    'renounceOwnership',
    'transferOwnership',
  ].map((n) => n.toLowerCase()),
);
const NEVER =
  /burn|withdraw|kill|destroy|selfdestruct|suicide|^renounce|^transferowner|^(pause|freeze|lock|halt|ban|blacklist|blocklist|emergency)/i;
/** Never called while looking for an issuance (each try is reverted unless it credits us, so this list is short). */
const NEVER_ISSUE = /burn|withdraw|kill|destroy|selfdestruct|suicide|^renounce|^transferowner/i;
const LAUNCH_NAME = /trad|launch|open|enable|start|live|swap|unpause|go/i;
const LAUNCH_NAME_2 =
  /finish|finali[sz]e|release|unlock|allow|activ|resume|begin|public|transferable|transfers|unfreeze|end|close|stop/i;
/** Single-address setters never tried with our address (they would break trading or take powers away). */
const ADDRESS_NOT =
  /owner|router|pair|factory|weth|uniswap|black|bot|sniper|ban|freeze|lock|exclude|remove|revoke|burn|dead/i;
const NEGATIVE_NAME = /lock|paus|freez|frozen|stop|halt|disabl|restrict|block|limit|only|whitelist/i;
const ISSUE_NAME = /mint|issue|generat|allocat|distribut|grant|premine|airdrop|create.*token/i;
const ISSUE_NOT =
  /^(set|add|remove|finish|stop|start|enable|disable|transfer|change|update|renounce|revoke)|^(is|can|has|get)[A-Z_]/;
const BUY_NAME = /buy|purchase|invest|contribut|participat|create|mint/i;

type Fn = AbiFunction & { constant?: boolean; payable?: boolean };

const mutability = (f: Fn): string => f.stateMutability ?? (f.constant ? 'view' : f.payable ? 'payable' : 'nonpayable');

interface Ctx {
  chain: EvalChain;
  abi: Abi;
  fns: Fn[];
  token: Address;
  deployer: Address;
  /** Accounts we control that the constructor knows (deployer first). */
  controlled: Address[];
  /** Who holds the tokens and adds the liquidity (the deployer unless the supply went elsewhere). */
  launcher: Address;
  calls: string[];
  trades: TradeResult[];
  deadline: bigint;
  /** Chain time and block at the start of the launch. */
  now: bigint;
  block: bigint;
  /** A wallet of ours for issuance calls that refuse the deployer as recipient. */
  spare: Address;
  hasApprove: boolean;
}

interface Check {
  ok: boolean;
  reason: string;
}

/**
 * Launches a deployed token as its owner would: tokens in hand, liquidity against ETH on the
 * (mainnet-addressed) Uniswap V2 router, trading opened by whichever owner call makes a buy go
 * through, then a few buys, transfers and sells by fresh wallets. Never throws.
 */
export async function launchRow(
  chain: EvalChain,
  compiled: CompiledRow,
  deployed: DeployedRow,
): Promise<LaunchOutcome> {
  try {
    return await launchInner(chain, await withProxiedToken(chain, compiled, deployed), deployed);
  } catch (err) {
    return fail(`harness error: ${errText(err)}`);
  }
}

/**
 * A proxy's own ABI has no token functions: its fallback delegates them to the logic. When the deployed
 * contract answers balanceOf and totalSupply anyway, it is traded with the standard ERC-20 ABI added.
 */
async function withProxiedToken(chain: EvalChain, compiled: CompiledRow, deployed: DeployedRow): Promise<CompiledRow> {
  if (!notAToken(compiled.abi.filter((x) => x.type === 'function') as Fn[])) return compiled;
  const token = getAddress(deployed.token);
  const supply = await chain.read<bigint>(erc20Abi, token, 'totalSupply');
  const balance = await chain.read<bigint>(erc20Abi, token, 'balanceOf', [getAddress(deployed.deployer)]);
  if (typeof supply !== 'bigint' || typeof balance !== 'bigint') return compiled;
  const own = new Set(compiled.abi.filter((x) => x.type === 'function').map((f) => (f as AbiFunction).name));
  return { ...compiled, abi: [...compiled.abi, ...erc20Abi.filter((f) => f.type === 'function' && !own.has(f.name))] };
}

function notAToken(fns: Fn[]): string | undefined {
  const has = (name: string, n: number): boolean => fns.some((f) => f.name === name && f.inputs.length === n);
  const missing = [!has('balanceOf', 1) && 'balanceOf', !has('transfer', 2) && 'transfer'].filter(Boolean);
  return missing.length ? `not a token: no ${missing.join('/')} in the ABI` : undefined;
}

async function launchInner(chain: EvalChain, compiled: CompiledRow, deployed: DeployedRow): Promise<LaunchOutcome> {
  const fns = compiled.abi.filter((x) => x.type === 'function') as Fn[];
  const notToken = notAToken(fns);
  if (notToken) return fail(notToken);
  const token = getAddress(deployed.token);
  const code = await chain.rpc.call<Hex>('eth_getCode', [token, 'latest']);
  if (!code || code === '0x') return fail('no code at the token address');

  const dex = new Set(
    [chain.dex.router, chain.dex.factory, chain.dex.weth, chain.dex.usdc, chain.dex.multicall3, DEAD, zeroAddress].map(
      (a) => a.toLowerCase(),
    ),
  );
  const named = deployed.constructorArgs.flatMap((t) => t.match(/0x[0-9a-fA-F]{40}/g) ?? []).map((a) => getAddress(a));
  const controlled = [...new Set([getAddress(deployed.deployer), ...named.filter((a) => !dex.has(a.toLowerCase()))])];
  // Per-row top-up: whatever earlier rows spent, this row's accounts start funded.
  for (const a of controlled) await chain.setBalance(a, parseEther('10000'));
  // Let start times set "a couple of minutes from now" pass, as they would before a launch.
  await chain.mine(1, 300);
  const { timestamp, number } = await chain.latest();

  const ctx: Ctx = {
    chain,
    abi: compiled.abi,
    fns,
    token,
    deployer: getAddress(deployed.deployer),
    controlled,
    launcher: getAddress(deployed.deployer),
    calls: [],
    trades: [],
    deadline: timestamp + 365n * 86_400n,
    now: timestamp,
    block: number,
    spare: await chain.newAccount('spare', 100n),
    hasApprove:
      fns.some((f) => f.name === 'approve' && f.inputs.length === 2) &&
      fns.some((f) => f.name === 'transferFrom' && f.inputs.length === 3),
  };

  const tokens = await ensureTokens(ctx, compiled.bytecode);
  if (!tokens.ok) return fail(tokens.reason);
  chain.log(
    `launch ${token}: ${ctx.launcher === ctx.deployer ? 'the deployer' : ctx.launcher} holds ${fmtUint(await balanceOf(ctx, ctx.launcher))}`,
  );

  // Snapshots cost more as the chain grows: this one only where the fallback below may need it.
  const pre = contractLaunchLikely(ctx) ? await chain.snapshot() : undefined;
  const callsBefore = ctx.calls.length;
  const launcherBefore = ctx.launcher;
  let opened = await openMarket(ctx, true);
  if (opened.ok && !opened.tradable && pre) {
    // 2023 style: the owner sends tokens and ETH to the contract and its openTrading() adds the
    // liquidity itself (a pair we made first would make it revert). Try that from the same start.
    await chain.revert(pre);
    const pre2 = await chain.snapshot();
    ctx.calls.length = callsBefore;
    ctx.trades.length = 0;
    ctx.launcher = launcherBefore;
    const funded = await contractFundedLaunch(ctx);
    if (funded) opened = { ok: true, tradable: true };
    else {
      await chain.revert(pre2);
      ctx.calls.length = callsBefore;
      ctx.trades.length = 0;
      ctx.launcher = launcherBefore;
      opened = await openMarket(ctx, false);
    }
  }
  if (!opened.ok) return fail(opened.reason);
  const pair = await getPair(ctx);
  chain.log(
    `launch ${token}: pair ${pair ?? 'none'}, ${opened.tradable ? 'tradable' : 'not tradable'}${ctx.calls.length ? ` after ${ctx.calls.join(', ')}` : ''}`,
  );

  await chain.mine(2, 12);
  await tradePhase(ctx);
  return { ok: true, launched: { pair, launchCalls: ctx.calls, trades: ctx.trades } };
}

type Opened = { ok: true; tradable: boolean } | { ok: false; reason: string };

/** Liquidity, then a buy; the launch search runs where either is refused (`searchBuys`: also for the buy). */
async function openMarket(ctx: Ctx, searchBuys: boolean): Promise<Opened> {
  const { chain } = ctx;
  // Liquidity through the router; when refused, the owner's launch call first; then by hand.
  const liq = await addLiquidity(ctx, 'router');
  if (!liq.ok) {
    const viaRouter = ctx.hasApprove
      ? await launchSearch(ctx, () => addLiquidity(ctx, 'router'), 'liquidity')
      : { found: false };
    if (!viaRouter.found) {
      const byHand = await addLiquidity(ctx, 'hand');
      if (!byHand.ok) {
        const viaHand = await launchSearch(ctx, () => addLiquidity(ctx, 'hand'), 'liquidity by hand');
        if (!viaHand.found)
          return { ok: false, reason: `could not add liquidity: ${liq.reason}; by hand: ${byHand.reason}` };
      }
    }
  }
  // Buy check, then the launch search by behaviour.
  const probeWallet = await chain.newAccount('buyer', 10n);
  const probe = await probeBuy(ctx, probeWallet, PROBE_BUY_ETH);
  ctx.trades.push({ wallet: probeWallet, action: 'buy', ok: probe.ok, ...(probe.ok ? {} : { reason: probe.reason }) });
  if (probe.ok) return { ok: true, tradable: true };
  if (!searchBuys) return { ok: true, tradable: false };
  const searchWallet = await chain.newAccount('buyer', 10n);
  const search = await launchSearch(ctx, () => probeBuy(ctx, searchWallet, PROBE_BUY_ETH), 'buy');
  if (!search.found) return { ok: true, tradable: false };
  ctx.trades.push({ wallet: searchWallet, action: 'buy', ok: true });
  return { ok: true, tradable: true };
}

/** A no-argument owner call named like a launch (openTrading, launch, startTrading…). */
function contractLaunchLikely(ctx: Ctx): boolean {
  return ctx.fns.some(
    (f) =>
      f.inputs.length === 0 &&
      mutability(f) !== 'view' &&
      mutability(f) !== 'pure' &&
      /open|launch|start|enable|addliquidity|liquidity/i.test(f.name),
  );
}

/** Tokens (half) and 10 ETH to the token contract, then the launch search with a buy as the check. */
async function contractFundedLaunch(ctx: Ctx): Promise<boolean> {
  const { chain } = ctx;
  let amount = (await balanceOf(ctx, ctx.launcher)) / 2n;
  if (amount > MAX_LIQUIDITY_TOKENS) amount = MAX_LIQUIDITY_TOKENS;
  if (amount === 0n) return false;
  const t = await sendFn(ctx, ctx.launcher, ctx.token, erc20Abi, 'transfer', [ctx.token, amount]);
  if (!t.ok) return false;
  const eth = await chain.send({ from: ctx.launcher, to: ctx.token, value: LIQUIDITY_ETH }, { abi: ctx.abi });
  ctx.calls.push(`(half the tokens${eth.ok ? ' and 10 ETH' : ''} sent to the token contract for its own launch)`);
  const wallet = await chain.newAccount('buyer', 10n);
  const search = await launchSearch(ctx, () => probeBuy(ctx, wallet, PROBE_BUY_ETH), 'contract-funded buy');
  if (!search.found || !(await getPair(ctx))) return false;
  ctx.trades.push({ wallet, action: 'buy', ok: true });
  return true;
}

// ---------------------------------------------------------------- reads and sends

async function balanceOf(ctx: Ctx, who: Address): Promise<bigint> {
  const v = await ctx.chain.read<bigint>(erc20Abi, ctx.token, 'balanceOf', [who]);
  return typeof v === 'bigint' ? v : 0n;
}

async function getPair(ctx: Ctx): Promise<Address | null> {
  const p = await ctx.chain.read<Address>(ctx.chain.abis.factory, ctx.chain.dex.factory, 'getPair', [
    ctx.token,
    ctx.chain.dex.weth,
  ]);
  return p && p !== zeroAddress ? getAddress(p) : null;
}

async function sendFn(
  ctx: Ctx,
  from: Address,
  to: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  opts: { value?: bigint; mineOnRevert?: boolean } = {},
): Promise<TxOutcome> {
  let data: Hex;
  try {
    data = encodeFunctionData({ abi, functionName, args } as never);
  } catch (err) {
    return { ok: false, mined: false, reason: `cannot encode ${functionName}: ${errText(err)}` };
  }
  return ctx.chain.send(
    { from, to, data, value: opts.value },
    {
      abi: to === ctx.token ? ctx.abi : abi,
      mineOnRevert: opts.mineOnRevert,
      traceInto: to === ctx.token ? undefined : ctx.token,
      traceAbi: ctx.abi,
    },
  );
}

/** Calldata for one specific ABI item (overloads make names ambiguous), or the reason it cannot be encoded. */
function encodeItem(fn: Fn, args: readonly unknown[]): { data: Hex } | { error: string } {
  try {
    return { data: encodeFunctionData({ abi: [fn], functionName: fn.name, args } as never) };
  } catch (err) {
    return { error: `cannot encode ${fn.name}: ${errText(err)}` };
  }
}

/** Sends a call to one specific ABI item. */
async function sendItem(ctx: Ctx, from: Address, fn: Fn, args: readonly unknown[], value?: bigint): Promise<TxOutcome> {
  const call = encodeItem(fn, args);
  if ('error' in call) return { ok: false, mined: false, reason: call.error };
  return ctx.chain.send({ from, to: ctx.token, data: call.data, value }, { abi: ctx.abi });
}

function showArg(v: unknown, ctx: Ctx): string {
  if (typeof v === 'bigint') return fmtUint(v);
  if (typeof v === 'string' && v.toLowerCase() === ctx.deployer.toLowerCase()) return 'deployer';
  if (Array.isArray(v)) return `[${v.map((x) => showArg(x, ctx)).join(', ')}]`;
  return typeof v === 'string' ? v : String(v);
}

const callText = (ctx: Ctx, fn: Fn, args: readonly unknown[], from: Address): string =>
  `${fn.name}(${args.map((a) => showArg(a, ctx)).join(', ')})${from.toLowerCase() === ctx.deployer.toLowerCase() ? '' : ` [from ${from}]`}`;

// ---------------------------------------------------------------- tokens in hand

/** Addresses a Transfer event of the token credited (hard-coded holders, the contract itself). */
async function creditedByLogs(ctx: Ctx): Promise<Address[]> {
  try {
    const logs = await ctx.chain.rpc.call<{ topics: Hex[]; data: Hex }[]>('eth_getLogs', [
      { address: ctx.token, fromBlock: '0x0', toBlock: 'latest', topics: [TRANSFER_TOPIC] },
    ]);
    const out = new Set<Address>();
    for (const l of logs) {
      let to: string | undefined;
      if (l.topics.length >= 3) to = `0x${l.topics[2].slice(-40)}`;
      else if (l.data.length >= 2 + 64 * 3) to = `0x${l.data.slice(2 + 64 + 24, 2 + 128)}`;
      if (to && BigInt(to) !== 0n) out.add(getAddress(to));
    }
    return [...out];
  } catch {
    return [];
  }
}

/**
 * Addresses pushed as constants by the creation code (PUSH20): a constructor that credits a
 * hard-coded wallet without a Transfer event names it there.
 */
export function pushedAddresses(code: Hex): Address[] {
  const out = new Set<Address>();
  const hex = code.startsWith('0x') ? code.slice(2) : code;
  for (let i = 0; i < hex.length;) {
    const op = parseInt(hex.slice(i, i + 2), 16);
    if (Number.isNaN(op)) break;
    const n = op >= 0x60 && op <= 0x7f ? op - 0x5f : 0;
    if (n === 20 && i + 42 <= hex.length && !/^(f{40}|0{40})$/i.test(hex.slice(i + 2, i + 42)))
      out.add(getAddress(`0x${hex.slice(i + 2, i + 42)}`));
    if (n >= 20 && i + 2 + n * 2 <= hex.length) {
      // The optimizer may push an address pre-shifted for a packed slot (PUSH22 addr 0000): strip
      // zero bytes at both ends and keep what is address-sized.
      const v = hex
        .slice(i + 2, i + 2 + n * 2)
        .replace(/^(00)+/, '')
        .replace(/(00)+$/, '');
      if (v.length >= 36 && v.length <= 40 && !/^f+$/i.test(v)) out.add(getAddress(`0x${v.padStart(40, '0')}`));
    }
    i += 2 + n * 2;
  }
  return [...out];
}

/** Arguments for an issuance call: `who` as the recipient, `amount` for amounts, `small` for uint8 (often an enum). */
function fillArgs(
  ctx: Ctx,
  inputs: readonly AbiParameter[],
  who: Address,
  amount: bigint,
  small = 0n,
): unknown[] | undefined {
  const out: unknown[] = [];
  for (const p of inputs) {
    const t = p.type;
    if (t === 'address') out.push(who);
    else if (t === 'address[]') out.push([who]);
    else if (t === 'uint8') out.push(small);
    else if (/^uint\d*$/.test(t)) {
      const v = uintByName(p.name ?? '', t, ctx.now, ctx.block);
      out.push(v === 'amount' ? amount : v);
    } else if (/^uint\d*\[\]$/.test(t)) out.push([amount]);
    else if (t === 'bool') out.push(true);
    else if (t === 'string') out.push('eval');
    else if (t === 'bytes') out.push('0x');
    else if (/^bytes\d+$/.test(t)) out.push(`0x${'0'.repeat(Number(t.slice(5)) * 2 - 2)}01`);
    else return undefined;
  }
  return out;
}

/** Makes sure someone we control (or impersonate) holds tokens; sets ctx.launcher. */
async function ensureTokens(ctx: Ctx, creationCode: Hex): Promise<Check> {
  const hardCoded = pushedAddresses(creationCode).filter((a) => a.toLowerCase() !== ctx.token.toLowerCase());
  // Who the constructor credited (read once: a log query scans the whole chain).
  const credited = await creditedByLogs(ctx);
  const pick = async (): Promise<boolean> => {
    const pair = (await getPair(ctx))?.toLowerCase();
    const dex = [
      ctx.chain.dex.router,
      ctx.chain.dex.factory,
      ctx.chain.dex.weth,
      ctx.chain.dex.usdc,
      ctx.chain.dex.multicall3,
    ].map((a) => a.toLowerCase());
    const candidates = [...new Set([...ctx.controlled, ctx.spare, ...credited, ...hardCoded])].filter(
      (a) => !dex.includes(a.toLowerCase()) && a.toLowerCase() !== pair && BigInt(a) > 0xffffn,
    );
    let best: Address | undefined;
    let bestBal = 0n;
    for (const a of candidates) {
      const b = await balanceOf(ctx, a);
      if (b < 2n) continue;
      if (b > bestBal || (b === bestBal && a === ctx.deployer)) {
        best = a;
        bestBal = b;
      }
    }
    if (!best) return false;
    ctx.launcher = best;
    if (best !== ctx.deployer) await ctx.chain.setBalance(best, parseEther('10000'));
    return true;
  };
  const r = await findTokens(ctx, pick);
  if (r.ok && ctx.launcher !== ctx.deployer) {
    const l = ctx.launcher;
    const who =
      l === ctx.token
        ? 'the token contract'
        : l === ctx.spare
          ? `${l} (a wallet of ours)`
          : ctx.controlled.includes(l)
            ? `${l} (an address we passed to the constructor)`
            : `${l} (hard-coded or credited by the constructor; impersonated)`;
    ctx.calls.push(`(the tokens are held by ${who}: it adds the liquidity)`);
    if (!ctx.controlled.includes(l)) ctx.controlled.push(l);
  }
  return r;
}

async function findTokens(ctx: Ctx, pick: () => Promise<boolean>): Promise<Check> {
  if (await pick()) return { ok: true, reason: '' };

  const tried: string[] = [];
  // A privileged issuance the owner can call: named ones first, then any other call, by behaviour.
  const supply = await ctx.chain.read<bigint>(erc20Abi, ctx.token, 'totalSupply');
  const cap = (await ctx.chain.read<bigint>(
    [{ type: 'function', name: 'cap', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] }],
    ctx.token,
    'cap',
  )) as bigint | undefined;
  const amounts = [27n, 24n, 21n, 18n, 15n, 12n, 9n, 6n, 3n].map((k) => 10n ** k);
  // Half the room under a cap: an owner keeps some to mint later, and a launch that used the whole cap would
  // leave a token whose mint power the harness itself ended.
  if (typeof cap === 'bigint' && cap > (supply ?? 0n) + 1n) amounts.unshift((cap - (supply ?? 0n)) / 2n);
  const fillable = ctx.fns.filter(
    (f) =>
      mutability(f) === 'nonpayable' &&
      f.inputs.length <= 8 &&
      !STANDARD.has(f.name.toLowerCase()) &&
      !NEVER_ISSUE.test(f.name) &&
      fillArgs(ctx, f.inputs, ctx.deployer, 1n) !== undefined,
  );
  const named = fillable.filter((f) => ISSUE_NAME.test(f.name) && !ISSUE_NOT.test(f.name));
  const others = fillable.filter((f) => !named.includes(f) && f.inputs.length > 0);
  const issued = await issue(ctx, named, amounts, pick, 40, false);
  if (issued.ok) return issued;
  if (named.length) tried.push(issued.reason);
  const byBehaviour = await issue(ctx, others, [10n ** 24n, 10n ** 18n], pick, 4, true);
  if (byBehaviour.ok) return byBehaviour;
  // A sale: buy with ETH, as the first buyer.
  const sale = await saleBuy(ctx, pick);
  if (sale.ok) return sale;
  if (sale.reason !== 'no sale') tried.push(sale.reason);
  // Issuance or sale may wait for an owner call (unlock, open the sale, a role): look for it by behaviour.
  if (named.length) {
    const found = await launchSearch(
      ctx,
      () => issue(ctx, named, [10n ** 24n, 10n ** 18n], pick, 12, false),
      'issuance',
    );
    if (found.found) return { ok: true, reason: '' };
  }
  if (sale.reason !== 'no sale') {
    const opened = await launchSearch(ctx, () => saleBuy(ctx, pick), 'sale');
    if (opened.found) return { ok: true, reason: '' };
  }
  return {
    ok: false,
    reason: `nobody we control holds tokens after the deployment, and no issuance worked (${tried.slice(0, 4).join('; ') || 'no mint/issue function and no payable buy'})`,
  };
}

/**
 * Tries each function with us as the recipient (the deployer, then a spare wallet of ours), from
 * each account we control, until one credits us. `isolated`: each try on a snapshot, reverted
 * unless it credited us (for functions not named like an issuance).
 */
async function issue(
  ctx: Ctx,
  fns: Fn[],
  amounts: bigint[],
  pick: () => Promise<boolean>,
  maxPerFn: number,
  _isolated: boolean,
): Promise<Check> {
  const tried: string[] = [];
  const recipients = [ctx.deployer, ctx.spare];
  for (const fn of fns) {
    let lastReason = '';
    // An issuance that used up what there was to issue (an airdrop past its supply, the whole reserve) ends
    // the token's mint power by the harness's hand: a smaller amount that leaves room is preferred.
    let spent: { args: unknown[]; from: Address } | undefined;
    const smalls = fn.inputs.some((p) => p.type === 'uint8') ? [0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 18n] : [0n];
    const usesRecipient = fn.inputs.some((p) => p.type === 'address' || p.type === 'address[]');
    let sent = 0;
    tries: for (const who of usesRecipient ? recipients : [ctx.deployer]) {
      for (const small of smalls) {
        for (const amount of amounts) {
          const args = fillArgs(ctx, fn.inputs, who, amount, small);
          if (!args || sent >= maxPerFn) break tries;
          sent++;
          for (const from of ctx.controlled) {
            const snap = await ctx.chain.snapshot();
            const r = await sendItem(ctx, from, fn, args);
            if (!r.ok) {
              await ctx.chain.revert(snap);
              lastReason = r.reason ?? 'reverted';
              continue;
            }
            if (await pick()) {
              if (!(await issuesMore(ctx, fn, who, small, from))) {
                spent ??= { args, from };
                await ctx.chain.revert(snap);
                lastReason = 'used up the issuance';
                break;
              }
              ctx.calls.push(callText(ctx, fn, args, from));
              return { ok: true, reason: '' };
            }
            await ctx.chain.revert(snap);
            // Went through but credited nobody (e.g. returned false over a cap): try a smaller amount.
            lastReason = 'succeeded but credited nobody we control';
            break;
          }
        }
      }
    }
    if (spent && (await sendItem(ctx, spent.from, fn, spent.args)).ok && (await pick())) {
      ctx.calls.push(`${callText(ctx, fn, spent.args, spent.from)} (no smaller amount left room to issue more)`);
      return { ok: true, reason: '' };
    }
    tried.push(`${fn.name}: ${lastReason}`);
  }
  return { ok: false, reason: tried.join('; ') };
}

/** Whether `fn` would still issue one more base unit to `who` (simulated, nothing sent). */
async function issuesMore(ctx: Ctx, fn: Fn, who: Address, small: bigint, from: Address): Promise<boolean> {
  const args = fillArgs(ctx, fn.inputs, who, 1n, small);
  const call = args && encodeItem(fn, args);
  if (!call || 'error' in call) return true;
  return (await ctx.chain.call({ from, to: ctx.token, data: call.data })).ok;
}

/** Buys from the token's own sale (a payable buy function or fallback) with 1 ETH from the deployer. */
async function saleBuy(ctx: Ctx, pick: () => Promise<boolean>): Promise<Check> {
  const buys = ctx.abi.filter(
    (x) =>
      (x.type === 'function' &&
        BUY_NAME.test(x.name) &&
        mutability(x as Fn) === 'payable' &&
        x.inputs.length <= 2 &&
        x.inputs.every((p) => p.type === 'address' || p.type === 'bool')) ||
      ((x.type === 'fallback' || x.type === 'receive') &&
        ((x as { stateMutability?: string }).stateMutability === 'payable' ||
          (x as { payable?: boolean }).payable === true)),
  );
  if (!buys.length) return { ok: false, reason: 'no sale' };
  const reasons: string[] = [];
  for (const item of buys) {
    let r: TxOutcome;
    let text: string;
    if (item.type === 'function') {
      const args = item.inputs.map((p) => (p.type === 'bool' ? true : ctx.deployer));
      r = await sendItem(ctx, ctx.deployer, item as Fn, args, parseEther('1'));
      text = `${item.name}(${args.map((a) => showArg(a, ctx)).join(', ')}) with 1 ETH`;
    } else {
      r = await ctx.chain.send({ from: ctx.deployer, to: ctx.token, value: parseEther('1') }, { abi: ctx.abi });
      text = 'sent 1 ETH to the contract (its sale)';
    }
    if (r.ok && (await pick())) {
      ctx.calls.push(text);
      return { ok: true, reason: '' };
    }
    reasons.push(`${text}: ${r.ok ? 'no tokens received' : r.reason}`);
  }
  return { ok: false, reason: reasons.join('; ') };
}

// ---------------------------------------------------------------- liquidity

/** Adds liquidity through the router (approve + addLiquidityETH) or by hand; on failure the chain is unchanged. */
async function addLiquidity(ctx: Ctx, how: 'router' | 'hand'): Promise<Check> {
  const { chain } = ctx;
  const held = await balanceOf(ctx, ctx.launcher);
  let amount = held / 2n;
  if (amount > MAX_LIQUIDITY_TOKENS) amount = MAX_LIQUIDITY_TOKENS;
  if (amount === 0n) return { ok: false, reason: 'the launcher holds no tokens' };
  await chain.setBalance(ctx.launcher, parseEther('10000'));
  if (how === 'hand') {
    const snap = await chain.snapshot();
    const manual = await manualLiquidity(ctx, amount);
    if (!manual.ok) await chain.revert(snap);
    return manual;
  }
  if (!ctx.hasApprove) return { ok: false, reason: 'the token has no approve/transferFrom' };
  // (No snapshot here: an approval left behind by a failed attempt is harmless.)
  let ap = await sendFn(ctx, ctx.launcher, ctx.token, erc20Abi, 'approve', [chain.dex.router, maxUint256]);
  if (!ap.ok) ap = await sendFn(ctx, ctx.launcher, ctx.token, erc20Abi, 'approve', [chain.dex.router, held]);
  let reason: string;
  if (ap.ok) {
    const r = await sendFn(
      ctx,
      ctx.launcher,
      chain.dex.router,
      chain.abis.router,
      'addLiquidityETH',
      [ctx.token, amount, 0n, 0n, ctx.launcher, ctx.deadline],
      { value: LIQUIDITY_ETH },
    );
    if (r.ok) return { ok: true, reason: '' };
    reason = `addLiquidityETH: ${r.reason}`;
  } else reason = `approve: ${ap.reason}`;
  return { ok: false, reason };
}

async function manualLiquidity(ctx: Ctx, amount: bigint): Promise<Check> {
  const { chain } = ctx;
  let pair = await getPair(ctx);
  if (!pair) {
    const c = await sendFn(ctx, ctx.launcher, chain.dex.factory, chain.abis.factory, 'createPair', [
      ctx.token,
      chain.dex.weth,
    ]);
    if (!c.ok) return { ok: false, reason: `createPair: ${c.reason}` };
    pair = await getPair(ctx);
    if (!pair) return { ok: false, reason: 'createPair made no pair' };
  }
  const t = await sendFn(ctx, ctx.launcher, ctx.token, erc20Abi, 'transfer', [pair, amount]);
  if (!t.ok) return { ok: false, reason: `transfer to the pair: ${t.reason}` };
  if ((await balanceOf(ctx, pair)) === 0n) return { ok: false, reason: 'transfer to the pair moved nothing' };
  const d = await sendFn(ctx, ctx.launcher, chain.dex.weth, WETH_ABI, 'deposit', [], { value: LIQUIDITY_ETH });
  const w = d.ok ? await sendFn(ctx, ctx.launcher, chain.dex.weth, WETH_ABI, 'transfer', [pair, LIQUIDITY_ETH]) : d;
  if (!w.ok) return { ok: false, reason: `WETH: ${w.reason}` };
  const m = await sendFn(ctx, ctx.launcher, pair, chain.abis.pair, 'mint', [ctx.launcher]);
  if (!m.ok) return { ok: false, reason: `pair.mint: ${m.reason}` };
  ctx.calls.push('(liquidity added by hand: tokens and WETH sent to the pair, then mint)');
  return { ok: true, reason: '' };
}

// ---------------------------------------------------------------- trading

async function buy(ctx: Ctx, wallet: Address, eth: bigint): Promise<Check> {
  const before = await balanceOf(ctx, wallet);
  const r = await sendFn(
    ctx,
    wallet,
    ctx.chain.dex.router,
    ctx.chain.abis.router,
    'swapExactETHForTokensSupportingFeeOnTransferTokens',
    [0n, [ctx.chain.dex.weth, ctx.token], wallet, ctx.deadline],
    { value: eth, mineOnRevert: true },
  );
  if (!r.ok) return { ok: false, reason: r.reason ?? 'reverted' };
  if ((await balanceOf(ctx, wallet)) <= before) return { ok: false, reason: 'buy went through but no tokens arrived' };
  return { ok: true, reason: '' };
}

/** A buy by `wallet`, kept on chain (the caller's snapshot decides whether it stays). */
async function probeBuy(ctx: Ctx, wallet: Address, eth: bigint): Promise<Check> {
  if ((await ctx.chain.balance(wallet)) < eth * 2n) await ctx.chain.setBalance(wallet, parseEther('10'));
  return buy(ctx, wallet, eth);
}

/** A sell without the router, for tokens with no approve: tokens to the pair, then pair.swap for WETH. */
async function sellByHand(ctx: Ctx, wallet: Address, amount: bigint): Promise<Check> {
  const { chain } = ctx;
  const pair = await getPair(ctx);
  if (!pair) return { ok: false, reason: 'no pair' };
  const t = await sendFn(ctx, wallet, ctx.token, erc20Abi, 'transfer', [pair, amount], { mineOnRevert: true });
  if (!t.ok) return { ok: false, reason: `transfer to the pair: ${t.reason}` };
  const reserves = await chain.read<readonly [bigint, bigint, number]>(chain.abis.pair, pair, 'getReserves');
  const token0 = await chain.read<Address>(chain.abis.pair, pair, 'token0');
  if (!reserves || !token0) return { ok: false, reason: 'cannot read the pair' };
  const tokenIs0 = token0.toLowerCase() === ctx.token.toLowerCase();
  const [rToken, rWeth] = tokenIs0 ? [reserves[0], reserves[1]] : [reserves[1], reserves[0]];
  const amountIn = (await balanceOf(ctx, pair)) - rToken;
  if (amountIn <= 0n) return { ok: false, reason: 'transfer to the pair went through but the pair got nothing' };
  const out = (amountIn * 997n * rWeth) / (rToken * 1000n + amountIn * 997n);
  if (out === 0n) return { ok: false, reason: 'nothing to receive for that amount' };
  const r = await sendFn(
    ctx,
    wallet,
    pair,
    chain.abis.pair,
    'swap',
    [tokenIs0 ? 0n : out, tokenIs0 ? out : 0n, wallet, '0x'],
    { mineOnRevert: true },
  );
  return r.ok ? { ok: true, reason: '' } : { ok: false, reason: `pair.swap: ${r.reason}` };
}

async function sell(ctx: Ctx, wallet: Address, amount: bigint): Promise<Check> {
  if (!ctx.hasApprove) return sellByHand(ctx, wallet, amount);
  const ap = await sendFn(ctx, wallet, ctx.token, erc20Abi, 'approve', [ctx.chain.dex.router, amount], {
    mineOnRevert: true,
  });
  if (!ap.ok) return { ok: false, reason: `approve: ${ap.reason}` };
  const ethBefore = await ctx.chain.balance(wallet);
  const r = await sendFn(
    ctx,
    wallet,
    ctx.chain.dex.router,
    ctx.chain.abis.router,
    'swapExactTokensForETHSupportingFeeOnTransferTokens',
    [amount, 0n, [ctx.token, ctx.chain.dex.weth], wallet, ctx.deadline],
    { mineOnRevert: true },
  );
  if (!r.ok) return { ok: false, reason: r.reason ?? 'reverted' };
  if ((await ctx.chain.balance(wallet)) <= ethBefore)
    return { ok: false, reason: 'sell went through but no ETH came back' };
  return { ok: true, reason: '' };
}

async function tradePhase(ctx: Ctx): Promise<void> {
  const { chain } = ctx;
  const buyers: Address[] = [];
  for (const eth of BUY_ETH) {
    const w = await chain.newAccount('buyer', 10n);
    buyers.push(w);
    const r = await buy(ctx, w, eth);
    ctx.trades.push({ wallet: w, action: 'buy', ok: r.ok, ...(r.ok ? {} : { reason: r.reason }) });
  }
  // Time passes between buying and moving tokens (cooldowns, same-block rules).
  await chain.mine(2, 60);
  const holders: { wallet: Address; balance: bigint }[] = [];
  for (const w of buyers) {
    const b = await balanceOf(ctx, w);
    if (b > 0n) holders.push({ wallet: w, balance: b });
  }
  const transferrers = holders.slice(0, 2);
  const sellers = holders.slice(2, 5);
  // Fewer than five holders: some wallets both transfer and sell.
  for (const h of holders) if (sellers.length < 3 && !sellers.includes(h)) sellers.push(h);
  for (const h of transferrers) {
    const to = await chain.newAccount('recipient', 1n);
    const amount = h.balance / 4n;
    const r = await sendFn(ctx, h.wallet, ctx.token, erc20Abi, 'transfer', [to, amount], { mineOnRevert: true });
    let ok = r.ok;
    let reason = r.reason;
    if (ok && (await balanceOf(ctx, to)) === 0n) {
      ok = false;
      reason = 'transfer went through but the recipient got nothing';
    }
    ctx.trades.push({ wallet: h.wallet, action: 'transfer', ok, ...(ok ? {} : { reason }) });
    h.balance = await balanceOf(ctx, h.wallet);
  }
  await chain.mine(1, 60);
  for (const h of sellers) {
    const balance = await balanceOf(ctx, h.wallet);
    const r = await sell(ctx, h.wallet, balance / 2n);
    ctx.trades.push({ wallet: h.wallet, action: 'sell', ok: r.ok, ...(r.ok ? {} : { reason: r.reason }) });
  }
}

// ---------------------------------------------------------------- launch search

interface Candidate {
  fn: Fn;
  args: unknown[];
  rank: number;
}

function candidates(ctx: Ctx, now: bigint, block: bigint): Candidate[] {
  const out: Candidate[] = [];
  for (const fn of ctx.fns) {
    const name = fn.name ?? '';
    if (mutability(fn) !== 'nonpayable') continue;
    if (STANDARD.has(name.toLowerCase()) || NEVER.test(name)) continue;
    const rank = LAUNCH_NAME.test(name) ? 0 : LAUNCH_NAME_2.test(name) ? 1 : 2;
    const ins = fn.inputs;
    if (ins.length === 0) out.push({ fn, args: [], rank });
    else if (ins.length === 1 && ins[0].type === 'bool') {
      // setTradingEnabled(true), but setLocked(false) / setPaused(false).
      const negative = NEGATIVE_NAME.test(`${name} ${ins[0].name ?? ''}`);
      for (const v of negative ? [false, true] : [true, false]) out.push({ fn, args: [v], rank });
    } else if (ins.length === 1 && /^uint\d*$/.test(ins[0].type)) {
      const hint = `${name} ${ins[0].name ?? ''}`.toLowerCase();
      const max = (1n << BigInt(Number(/\d+/.exec(ins[0].type)?.[0] ?? 256))) - 1n;
      const wanted = /block/.test(hint) ? [block] : /time|date|stamp/.test(hint) ? [now] : [now, block];
      const values = wanted.filter((v) => v <= max);
      for (const v of values.length ? values : [1n]) out.push({ fn, args: [v], rank });
    } else if (ins.length === 1 && ins[0].type === 'address' && !ADDRESS_NOT.test(name)) {
      // Giving ourselves a role (sale agent, minter, crowdfund contract): tried last.
      out.push({ fn, args: [ctx.deployer], rank: 2 });
    } else if (ins.length === 1 && ins[0].type === 'string') {
      // unfreezeTransfers(string notice).
      out.push({ fn, args: ['eval'], rank });
    } else if (ins.length === 2 && ins[0].type === 'address' && ins[1].type === 'bool' && !ADDRESS_NOT.test(name)) {
      // setMintAgent(us, true), setTransferAgent(us, true).
      out.push({ fn, args: [ctx.deployer, true], rank: 2 });
    }
  }
  return out.sort((a, b) => a.rank - b.rank);
}

/**
 * Finds the owner's launch call(s) by behaviour: each candidate runs (from the deployer, then
 * the other accounts we control) on a snapshot; the first after which `check` passes is kept.
 * When none does, a call that changed the check's failure is kept and the search goes one call
 * deeper (up to MAX_COMBINED calls). On failure, the chain is back where it started.
 */
async function launchSearch(ctx: Ctx, check: () => Promise<Check>, purpose: string): Promise<{ found: boolean }> {
  const { chain } = ctx;
  const start = await chain.snapshot();
  const { number, timestamp } = await chain.latest();
  const all = candidates(ctx, timestamp + 1n, number + 1n);
  const callers = [...new Set([ctx.deployer, ctx.launcher, ...ctx.controlled])];
  const kept: string[] = [];
  const keptFns = new Set<Fn>();
  // The calls go before whatever the successful check itself records (e.g. the sale buy it made).
  const at = ctx.calls.length;
  let budget = SEARCH_BUDGET;
  const deadline = Date.now() + SEARCH_MS;
  let reason: string;
  for (let depth = 0; depth < MAX_COMBINED; depth++) {
    // The failure as it stands here (the caller's may name another wallet); a check that passes
    // already keeps its effects (the liquidity or the issuance it made).
    const base = await chain.snapshot();
    const now = await check();
    if (now.ok) {
      ctx.calls.splice(at, 0, ...kept);
      return { found: true };
    }
    await chain.revert(base);
    reason = now.reason;
    let progress: { cand: Candidate; from: Address; reason: string } | undefined;
    for (const cand of all) {
      if (keptFns.has(cand.fn)) continue;
      if (budget-- <= 0 || Date.now() > deadline) break;
      for (const from of callers) {
        const snap = await chain.snapshot();
        const r = await sendItem(ctx, from, cand.fn, cand.args);
        if (!r.ok) {
          await chain.revert(snap);
          continue;
        }
        const c = await check();
        if (c.ok) {
          kept.push(callText(ctx, cand.fn, cand.args, from));
          ctx.calls.splice(at, 0, ...kept);
          chain.log(`launch search (${purpose}): ${kept.join(' + ')}`);
          return { found: true };
        }
        if (!progress && c.reason !== reason && depth < MAX_COMBINED - 1 && cand.rank < 2)
          progress = { cand, from, reason: c.reason };
        await chain.revert(snap);
        break;
      }
    }
    if (!progress && depth === 0 && Date.now() < deadline) {
      // No call changed the failure: look for one that unlocks another (setAdminMode(true) lets
      // setTokenTransfer(true) through), then check after both.
      const pair = await enablingPair(ctx, all, callers, check, deadline);
      if (pair) {
        kept.push(...pair);
        ctx.calls.splice(at, 0, ...kept);
        chain.log(`launch search (${purpose}): ${kept.join(' + ')}`);
        return { found: true };
      }
    }
    if (!progress || budget <= 0 || Date.now() > deadline) break;
    // Keep the call that moved the failure along, and look for the next one on top of it.
    const r = await sendItem(ctx, progress.from, progress.cand.fn, progress.cand.args);
    if (!r.ok) break;
    kept.push(callText(ctx, progress.cand.fn, progress.cand.args, progress.from));
    keptFns.add(progress.cand.fn);
  }
  await chain.revert(start);
  return { found: false };
}

/** Sends `cand` from the first caller it succeeds for; undefined when it reverts for all. */
async function sendFromAny(ctx: Ctx, cand: Candidate, callers: Address[]): Promise<Address | undefined> {
  const call = encodeItem(cand.fn, cand.args);
  if ('error' in call) return undefined;
  const { data } = call;
  for (const from of callers) {
    const sim = await ctx.chain.call({ from, to: ctx.token, data });
    if (!sim.ok) continue;
    const r = await ctx.chain.send({ from, to: ctx.token, data }, { abi: ctx.abi });
    if (r.ok) return from;
  }
  return undefined;
}

/**
 * Two calls where the first makes the second possible: for each candidate A that goes through,
 * the candidates that reverted before are simulated after A; one that now passes is sent and the
 * check runs. Returns the two calls as text, state kept, or undefined with the chain unchanged.
 */
async function enablingPair(
  ctx: Ctx,
  all: Candidate[],
  callers: Address[],
  check: () => Promise<Check>,
  deadline: number,
): Promise<string[] | undefined> {
  const { chain } = ctx;
  const blocked: Candidate[] = [];
  for (const cand of all) {
    let passes = false;
    const call = encodeItem(cand.fn, cand.args);
    if ('error' in call) continue;
    for (const from of callers) {
      if ((await chain.call({ from, to: ctx.token, data: call.data })).ok) {
        passes = true;
        break;
      }
    }
    if (!passes) blocked.push(cand);
  }
  if (!blocked.length) return undefined;
  for (const a of all.slice(0, 40)) {
    if (blocked.includes(a) || Date.now() > deadline) continue;
    const snap = await chain.snapshot();
    const fromA = await sendFromAny(ctx, a, callers);
    if (fromA) {
      for (const b of blocked.slice(0, 40)) {
        if (b.fn === a.fn || Date.now() > deadline) continue;
        const inner = await chain.snapshot();
        const fromB = await sendFromAny(ctx, b, callers);
        if (fromB) {
          const c = await check();
          if (c.ok) return [callText(ctx, a.fn, a.args, fromA), callText(ctx, b.fn, b.args, fromB)];
        }
        await chain.revert(inner);
      }
    }
    await chain.revert(snap);
  }
  return undefined;
}
