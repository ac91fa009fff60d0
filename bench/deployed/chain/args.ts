import type { AbiParameter, Address, Hex } from 'viem';
import type { DexAddresses } from './eval-chain';

/**
 * Constructor argument synthesis: values a deployer would plausibly pass, chosen from each
 * input's name and type. Several profiles exist so that a constructor that rejects the first
 * guess (a start time in the past, a supply too large, mismatched arrays) gets other tries.
 */

export const DEAD: Address = '0x000000000000000000000000000000000000dEaD';
const DAY = 86_400n;

export interface Profile {
  label: string;
  /** Value for supply-like uints (raw: a constructor may multiply it by 10**decimals). */
  supply: bigint;
  decimals: number;
  /** Offsets from the chain's now for start-like and end-like times, and for release/unlock times. */
  start: bigint;
  end: bigint;
  release: bigint;
  bool: boolean;
  /** owner/admin-like addresses: a distinct wallet we control, or the deployer itself. */
  ownerIsDeployer: boolean;
  /** uint[] values: empty, or one element paired with a one-element address[]. */
  pairArrays: boolean;
  /** Native coin sent with a payable constructor. */
  value: bigint;
  /** token-like addresses (a sale's token): the deployer, or a real ERC-20 (USDC). */
  tokenIsUsdc: boolean;
}

export const PROFILES: Profile[] = [
  {
    label: 'default',
    supply: 10n ** 27n,
    decimals: 18,
    start: 120n,
    end: 30n * DAY,
    release: 120n,
    bool: true,
    ownerIsDeployer: false,
    pairArrays: false,
    value: 0n,
    tokenIsUsdc: false,
  },
  {
    label: 'small supply, times in the past',
    supply: 10n ** 9n,
    decimals: 18,
    start: -3600n,
    end: 90n * DAY,
    release: -60n,
    bool: true,
    ownerIsDeployer: true,
    pairArrays: true,
    value: 0n,
    tokenIsUsdc: false,
  },
  {
    label: '8 decimals, later times, false flags',
    supply: 10n ** 9n * 10n ** 8n,
    decimals: 8,
    start: 3600n,
    end: 60n * DAY,
    release: 365n * DAY,
    bool: false,
    ownerIsDeployer: true,
    pairArrays: true,
    value: 10n ** 18n,
    tokenIsUsdc: true,
  },
  {
    label: 'tiny supply, 0 decimals',
    supply: 10n ** 6n,
    decimals: 0,
    start: 0n,
    end: 7n * DAY,
    release: 0n,
    bool: true,
    ownerIsDeployer: false,
    pairArrays: true,
    value: 10n ** 17n,
    tokenIsUsdc: false,
  },
];

export interface ArgContext {
  now: bigint;
  block: bigint;
  deployer: Address;
  dex: DexAddresses;
  /** A distinct wallet we control for a named role (same role, same wallet). */
  wallet(role: string): Promise<Address>;
}

export interface SynthesizedArgs {
  values: unknown[];
  /** One line per input, for the report: `name: type = value (why)`. */
  text: string[];
}

type Rule = { value: unknown; why: string };

const norm = (name: string | undefined): string => (name ?? '').replace(/_/g, '').toLowerCase();

/** A compact decimal: 1000000000000000000000000000 → 1e27. */
export function fmtUint(v: bigint): string {
  if (v < 1_000_000n) return v.toString();
  let k = 0;
  let m = v;
  while (m % 10n === 0n) {
    m /= 10n;
    k++;
  }
  return k >= 3 ? `${m}e${k}` : v.toString();
}

function bits(type: string): number {
  const m = /^u?int(\d+)$/.exec(type);
  return m ? Number(m[1]) : 256;
}

function clampUint(v: bigint, type: string): bigint {
  const max = (1n << BigInt(bits(type))) - 1n;
  let x = v < 0n ? 0n : v;
  while (x > max) x /= 1000n;
  return x;
}

const WALLET_ROLE =
  /(owner|admin|manager|controller|operator|governance|authority|minter|signer|wallet|treasury|team|marketing|founder|dev|fund|beneficiary|reserve|advisor|company|foundation|partner|bounty|ecosystem|vault|multisig|recipient|holder|charity|liquidity|reward|airdrop|community|tax|fee|collector|receiver|creator|issuer|distributor)/;
const OWNER_LIKE = /^(owner|admin|manager|controller|operator|governance|authority|minter|signer|creator|issuer)$/;

async function addressRule(name: string, p: Profile, ctx: ArgContext, index: number): Promise<Rule> {
  const n = norm(name);
  if (/router/.test(n)) return { value: ctx.dex.router, why: 'Uniswap V2 router' };
  if (/weth|wrapped|weth9/.test(n)) return { value: ctx.dex.weth, why: 'WETH' };
  if (/factory/.test(n)) return { value: ctx.dex.factory, why: 'Uniswap V2 factory' };
  if (/usdc|usdt|stable|dai/.test(n)) return { value: ctx.dex.usdc, why: 'USDC' };
  if (/multicall/.test(n)) return { value: ctx.dex.multicall3, why: 'Multicall3' };
  if (/dead|burn/.test(n)) return { value: DEAD, why: 'dead address' };
  // A clone's parent (MiniMe): none for an original token.
  if (/parent|clone|previous|migrat|predecessor|oldtoken/.test(n))
    return { value: '0x0000000000000000000000000000000000000000', why: 'zero address (no parent)' };
  if (/token|erc20|coin/.test(n) && !WALLET_ROLE.test(n)) {
    return p.tokenIsUsdc ? { value: ctx.dex.usdc, why: 'USDC as the token' } : { value: ctx.deployer, why: 'deployer' };
  }
  const role = WALLET_ROLE.exec(n)?.[1];
  if (role) {
    if (OWNER_LIKE.test(role) && p.ownerIsDeployer) return { value: ctx.deployer, why: 'deployer' };
    // Same argument name, same wallet; distinct names get distinct wallets.
    const key = n || `${role}${index}`;
    return { value: await ctx.wallet(key), why: `${role} wallet we control (${key})` };
  }
  if (/pair|pool|lp/.test(n))
    return { value: await ctx.wallet(n || `pair${index}`), why: `wallet we control (${n || 'pair'})` };
  return { value: ctx.deployer, why: 'deployer' };
}

/** Words of an identifier: `_lendingCapWei` → lending, cap, wei. */
function words(name: string): string[] {
  return name
    .replace(/^_+/, '')
    .split(/_+|(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

function uintRule(name: string, type: string, p: Profile, ctx: ArgContext): Rule {
  const n = norm(name);
  const ws = words(name);
  const word = (re: RegExp): boolean => ws.some((w) => re.test(w));
  const at = (off: bigint, why: string): Rule => ({ value: ctx.now + off, why });
  if (type === 'uint8' || /decimal/.test(n)) return { value: BigInt(p.decimals), why: 'decimals' };
  if (word(/block/)) return { value: ctx.block, why: 'current block' };
  if (word(/^(cooldown|delay)/)) return { value: 30n, why: '30 s' };
  if (word(/^(duration|period|interval|vesting|lockup)/) && !word(/^(start|end)/))
    return { value: 30n * DAY, why: '30 days' };
  if (word(/^days?$/)) return { value: 30n, why: '30 days' };
  if (word(/^hours?$/)) return { value: 24n, why: '24 hours' };
  if (word(/^minutes?$/)) return { value: 60n, why: '60 minutes' };
  if (
    word(/^(end|ends|ending|close|closing|deadline|finish|stop|expir)/) ||
    /endtime|enddate|endat|closetime|closingtime/.test(n)
  )
    return at(p.end, 'end time');
  if (word(/^(start|starting|open|opening|begin|launch)/) || /starttime|startdate|startat|opentime|openingtime/.test(n))
    return at(p.start, 'start time');
  if (word(/^(release|unlock)/) || /releasetime|unlocktime/.test(n)) return at(p.release, 'release time');
  if (word(/^(time|date|timestamp)/)) return at(p.start, 'a time');
  if (word(/rate$/) || word(/^rate/)) return { value: 1000n, why: 'rate 1000' };
  if (word(/^(price|cost)/)) return { value: 10n ** 15n, why: 'price 0.001 ETH' };
  if (word(/^(fee|fees|tax|taxes|percent|percentage|pct|bps|basis|share|ratio|slippage)$/))
    return { value: 2n, why: '2 (a percent-like fee)' };
  if (word(/^(goal|softcap|soft)/)) return { value: 100n * 10n ** 18n, why: '100 ETH goal' };
  if (word(/^(min|minimum)/)) return { value: 10n ** 16n, why: 'minimum 0.01 ETH' };
  if (word(/^max/) && word(/^(wallet|tx|transaction|hold|holding|buy|sell|swap|amount|txn)/))
    return { value: p.supply / 50n, why: 'max 2% of supply' };
  if (/supply|total|initial|amount|cap|token|balance|value|reserve|max|limit|premine|mint|qty|quantity/.test(n))
    return { value: p.supply, why: 'supply' };
  if (/time|date/.test(n)) return at(p.start, 'a time');
  if (word(/^(id|index|number|count|num|version|nonce)$/)) return { value: 1n, why: '1' };
  return { value: 1000n, why: 'default 1000' };
}

/**
 * For calls after the deployment (issuance): the value a uint argument gets by its name, or
 * 'amount' when it is an amount of tokens (the caller picks it).
 */
export function uintByName(name: string, type: string, now: bigint, block: bigint): bigint | 'amount' {
  const ctx = { now, block } as ArgContext;
  // After the deployment, a sale or vesting the owner sets up starts now (times in the past).
  const r = uintRule(name, type, PROFILES[1], ctx);
  if (r.why === 'supply' || r.why === 'default 1000' || r.why.startsWith('max ') || r.why === 'decimals')
    return 'amount';
  return clampUint(r.value as bigint, type);
}

function bytesRule(type: string): Rule {
  if (type === 'bytes') return { value: '0x', why: 'empty bytes' };
  const size = Number(type.slice(5));
  return { value: `0x${'0'.repeat(size * 2 - 2)}01` as Hex, why: '0x…01' };
}

function stringRule(name: string): Rule {
  const n = norm(name);
  if (/symbol|ticker|sym/.test(n)) return { value: 'EVAL', why: 'symbol' };
  if (/name/.test(n)) return { value: 'Eval Token', why: 'name' };
  if (/version/.test(n)) return { value: '1.0', why: 'version' };
  if (/uri|url|link|site/.test(n)) return { value: 'https://eval.example/', why: 'URL' };
  return { value: 'eval', why: 'text' };
}

type Param = AbiParameter & { components?: readonly AbiParameter[] };

async function valueFor(
  param: Param,
  p: Profile,
  ctx: ArgContext,
  index: number,
  siblings: readonly Param[],
): Promise<Rule> {
  const type = param.type;
  const name = param.name ?? '';
  const arr = /^(.*)\[(\d*)\]$/.exec(type);
  if (arr) {
    const inner: Param = { ...param, type: arr[1] };
    const fixed = arr[2] ? Number(arr[2]) : undefined;
    if (fixed !== undefined) {
      const items: unknown[] = [];
      for (let i = 0; i < fixed; i++) items.push((await valueFor(inner, p, ctx, index, siblings)).value);
      return { value: items, why: `${fixed} × default` };
    }
    if (arr[1] === 'address') return { value: [ctx.deployer], why: '[deployer]' };
    const hasAddressArray = siblings.some((s) => s.type === 'address[]');
    if (/^u?int/.test(arr[1]) && !(p.pairArrays || hasAddressArray)) return { value: [], why: 'empty' };
    const one = await valueFor(inner, p, ctx, index, siblings);
    // Paired with the address[]: one holder, one amount (a supply-like default would mint it all to us).
    const v = /^u?int/.test(arr[1]) && one.why === 'default 1000' ? p.supply : one.value;
    return { value: [v], why: `[${one.why}]` };
  }
  if (type === 'tuple') {
    const comps = (param.components ?? []) as readonly Param[];
    const values: unknown[] = [];
    for (const [i, c] of comps.entries()) values.push((await valueFor(c, p, ctx, i, comps)).value);
    return { value: values, why: 'tuple of defaults' };
  }
  if (type === 'address') return addressRule(name, p, ctx, index);
  if (type === 'bool') return { value: p.bool, why: String(p.bool) };
  if (type === 'string') return stringRule(name);
  if (type.startsWith('bytes')) return bytesRule(type);
  if (/^uint\d*$/.test(type)) {
    const r = uintRule(name, type, p, ctx);
    return { value: clampUint(r.value as bigint, type), why: r.why };
  }
  if (/^int\d*$/.test(type)) {
    const r = uintRule(name, type, p, ctx);
    const max = (1n << BigInt(bits(type) - 1)) - 1n;
    let v = r.value as bigint;
    while (v > max) v /= 1000n;
    return { value: v, why: r.why };
  }
  return { value: 0n, why: `unknown type ${type}` };
}

function show(v: unknown): string {
  if (typeof v === 'bigint') return fmtUint(v);
  if (typeof v === 'string') return v.startsWith('0x') ? v : JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  return String(v);
}

export async function synthesizeArgs(
  inputs: readonly AbiParameter[],
  profile: Profile,
  ctx: ArgContext,
): Promise<SynthesizedArgs> {
  const values: unknown[] = [];
  const text: string[] = [];
  const params = inputs as readonly Param[];
  for (const [i, param] of params.entries()) {
    const r = await valueFor(param, profile, ctx, i, params);
    values.push(r.value);
    text.push(`${param.name || `arg${i}`}: ${param.type} = ${show(r.value)} (${r.why})`);
  }
  return { values, text };
}
