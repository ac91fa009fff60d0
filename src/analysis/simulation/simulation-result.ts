import type { Address, Hex } from 'viem';

/** The simulator's `Result` struct as viem decodes it (see contracts/sim/TradeSimulator.sol). */
export interface RawPool {
  dex: bigint;
  pair: Address;
  quote: Address;
  tokenReserve: bigint;
  quoteReserve: bigint;
  wethValue: bigint;
  routable: boolean;
  /** 0 V2, 1 V3, 2 Solidly (SimVenues.KIND_*); `dex` indexes that kind's list. */
  kind: number;
  /** V3 fee tier; 0 for other kinds. */
  fee: number;
  /** Solidly stable curve; false for other kinds. */
  stable: boolean;
}

export const RAW_POOL_KIND = { v2: 0, v3: 1, solidly: 2 } as const;

export interface RawLeg {
  attempted: boolean;
  ok: boolean;
  amountIn: bigint;
  expectedOut: bigint;
  amountOut: bigint;
  gasUsed: bigint;
  revertData: Hex;
}

export interface RawProbe {
  bps: bigint;
  /** 0 not run, 1 ok, 2 reverted. */
  outcome: number;
  amountIn: bigint;
  amountOut: bigint;
  revertData: Hex;
}

export interface RawSimulation {
  /** 0 simulated, 1 no pool, 2 no route, 3 too thin. */
  status: number;
  blockNumber: bigint;
  totalSupply: bigint;
  pools: RawPool[];
  chosen: bigint;
  router: Address;
  buyPath: Address[];
  buy: RawLeg;
  transfer: RawLeg;
  sell: RawLeg;
  soldByAgent: boolean;
  buyProbes: RawProbe[];
  sellProbes: RawProbe[];
}

export const RAW_STATUS = { simulated: 0, noPool: 1, noRoute: 2, tooThin: 3 } as const;

type Shape = 'bigint' | 'boolean' | 'hex' | 'number';

const LEG_SHAPE: Record<keyof RawLeg, Shape> = {
  attempted: 'boolean',
  ok: 'boolean',
  amountIn: 'bigint',
  expectedOut: 'bigint',
  amountOut: 'bigint',
  gasUsed: 'bigint',
  revertData: 'hex',
};
const POOL_SHAPE: Record<keyof RawPool, Shape> = {
  dex: 'bigint',
  pair: 'hex',
  quote: 'hex',
  tokenReserve: 'bigint',
  quoteReserve: 'bigint',
  wethValue: 'bigint',
  routable: 'boolean',
  kind: 'number',
  fee: 'number',
  stable: 'boolean',
};
const PROBE_SHAPE: Record<keyof RawProbe, Shape> = {
  bps: 'bigint',
  outcome: 'number',
  amountIn: 'bigint',
  amountOut: 'bigint',
  revertData: 'hex',
};
const TOP_SHAPE = {
  status: 'number',
  blockNumber: 'bigint',
  totalSupply: 'bigint',
  chosen: 'bigint',
  router: 'hex',
  soldByAgent: 'boolean',
} as const satisfies Partial<Record<keyof RawSimulation, Shape>>;

function fits(value: unknown, shape: Shape): boolean {
  if (shape === 'hex') return typeof value === 'string' && value.startsWith('0x');
  return typeof value === shape;
}

function check(value: unknown, shape: Record<string, Shape>, where: string): void {
  if (!value || typeof value !== 'object') throw new Error(`simulator result: ${where} is not a struct`);
  for (const [key, kind] of Object.entries(shape)) {
    if (!fits((value as Record<string, unknown>)[key], kind))
      throw new Error(`simulator result: ${where}.${key} is not a ${kind}`);
  }
}

function checkList(value: unknown, shape: Record<string, Shape>, where: string): void {
  if (!Array.isArray(value)) throw new Error(`simulator result: ${where} is not a list`);
  value.forEach((item, i) => check(item, shape, `${where}[${i}]`));
}

/**
 * Checks that a decoded value has the Result struct's shape, so a contract/ABI mismatch fails
 * loudly here instead of producing NaN taxes further on.
 */
export function parseRawSimulation(value: unknown): RawSimulation {
  check(value, TOP_SHAPE, 'result');
  const raw = value as Record<string, unknown>;
  for (const leg of ['buy', 'transfer', 'sell']) check(raw[leg], LEG_SHAPE, leg);
  checkList(raw.pools, POOL_SHAPE, 'pools');
  checkList(raw.buyProbes, PROBE_SHAPE, 'buyProbes');
  checkList(raw.sellProbes, PROBE_SHAPE, 'sellProbes');
  if (!Array.isArray(raw.buyPath) || !raw.buyPath.every((a) => fits(a, 'hex')))
    throw new Error('simulator result: buyPath is not a list of addresses');
  return value as RawSimulation;
}

/** The simulator's `HolderSell` struct: one real holder's sell, run as that holder. */
export interface RawHolderSell {
  /** 0 sold all, 1 no balance, 2 no pool, 3 cannot sell, 4 only a hundredth sold. */
  status: number;
  balance: bigint;
  full: RawLeg;
  part: RawLeg;
}

export const HOLDER_SELL_STATUS = { sold: 0, noBalance: 1, noPool: 2, cannotSell: 3, partOnly: 4 } as const;

export function parseRawHolderSell(value: unknown): RawHolderSell {
  check(value, { status: 'number', balance: 'bigint' }, 'holderSell');
  const raw = value as Record<string, unknown>;
  for (const leg of ['full', 'part']) check(raw[leg], LEG_SHAPE, leg);
  return value as RawHolderSell;
}
