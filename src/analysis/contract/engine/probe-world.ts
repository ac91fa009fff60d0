import { concat, encodeAbiParameters, type Address, type Hex } from 'viem';
import { derivedFrom, type Trace } from './execution-tracer';
import type { EvmHost, ExecResult } from './evm-host';

/** Fresh addresses no chain has used: the analysis's own cast. */
export const ACTORS = {
  admin: '0x00000000000000000000000000000000000a11ce',
  victim: '0x00000000000000000000000000000000000b0b01',
  holder: '0x00000000000000000000000000000000000b0b02',
  recipient: '0x00000000000000000000000000000000000c0c03',
  hook: '0x00000000000000000000000000000000000d0d04',
} as const satisfies Record<string, Address>;

/**
 * Answers every call with four words of 1 (true, 1, address 0x…01): a stand-in for a contract the
 * authority could plug in, wide enough for an answer of up to four static values (a fee quote and
 * its receiver) to decode.
 */
export const HOOK_CODE: Hex = '0x600160005260016020526001604052600160605260806000f3';

/**
 * A greedier stand-in: answers every call with its own last argument, four times (a fee quote of
 * `quote(from, to, amount)` that asks for the whole amount). Swapped in only to measure what a hook
 * the authority plugs in could take.
 */
export const GREEDY_HOOK_CODE: Hex = '0x602036033580600052806020528060405260605260806000f3';

/** A generous stand-in: answers every call with 2^200, four times (a balance or a credit far beyond any supply). */
export const GENEROUS_HOOK_CODE: Hex = '0x600160c81b80600052806020528060405260605260806000f3';

/**
 * Ledger fills. A plain entry gets a modest number (supply caps stay out of reach); where that leaves
 * the balance at zero, a checkpoint-shaped word (value in the high 128 bits, block 1 in the low):
 * MiniMe reads the first fill as an array length and the second as the checkpoint.
 */
const BALANCE = 10n ** 22n;

/**
 * What a probe holder is given: BALANCE, or a twentieth of a deployed token's supply when that is
 * less (a 6-decimal stablecoin): a holder richer than the supply makes every burn underflow.
 */
function fillOf(world: ProbeWorld): bigint {
  return world.supply !== undefined && world.supply > 0n && world.supply / 20n < BALANCE
    ? world.supply / 20n > 0n
      ? world.supply / 20n
      : 1n
    : BALANCE;
}
const SUPPLY = 5n * 10n ** 22n;
const checkpoint = (value: bigint): bigint => (value << 128n) | 1n;
export const AMOUNT = 10n ** 21n;
/** Storage keys below this are declared variables, not mapping or array entries (those are hashes). */
const PLAIN_SLOTS = 1n << 32n;

/** A declared variable's slot; anything else is a mapping or array entry (a hash). */
export function isPlainSlot(key: bigint): boolean {
  return key < PLAIN_SLOTS;
}
/** A switched-on setting: a huge number for a cap or a deadline, and 1 in its low byte for a packed flag. */
export const SETTING_ON = (1n << 192n) | 1n;

/** The zero address: no one holds its tokens. */
const NOBODY: Address = '0x0000000000000000000000000000000000000000';

export const SEL = {
  totalSupply: '0x18160ddd',
  balanceOf: '0x70a08231',
  transfer: '0xa9059cbb',
  transferFrom: '0x23b872dd',
  approve: '0x095ea7b3',
  allowance: '0xdd62ed3e',
  owner: '0x8da5cb5b',
  getOwner: '0x893d20e8',
} as const satisfies Record<string, Hex>;

export function withAddress(selector: Hex, address: Address): Hex {
  return concat([selector, encodeAbiParameters([{ type: 'address' }], [address])]);
}

export function transferData(to: Address, amount: bigint): Hex {
  return concat([SEL.transfer, encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [to, amount])]);
}

export function word(result: ExecResult): bigint | null {
  if (!result.ok || result.returnData.length < 32) return null;
  let value = 0n;
  for (const byte of result.returnData.subarray(0, 32)) value = (value << 8n) | BigInt(byte);
  return value;
}

/** The token and the host it runs on, with the probe holders' funding already in place. */
export interface ProbeWorld {
  host: EvmHost;
  token: Address;
  hasTotalSupply: boolean;
  /**
   * Zero slots the engine may switch on as unset deployment settings: any declared variable on a bare
   * state (the eval's empty chain, where the constructor never ran), only runtime-writable ones on a
   * deployed token (a zero there that no function can change is the token's real, final setting).
   */
  settable: (key: bigint) => boolean;
  /** totalSupply() as the chain has it, when known (see fillOf). */
  supply?: bigint;
  /** Execution counter shared by every step, checked against the scan's budget. */
  executions: { count: number; limit: number };
  /** The entries balanceOf(0x0) reads, once read (see fundUnissued). */
  zeroLedger?: Set<bigint>;
}

/**
 * The pass has spent its budget (executions, or the host's steps and frames of all calls): no further
 * function is explored, and those left are named as skipped.
 */
export function budgetSpent(world: ProbeWorld): boolean {
  return world.executions.count > world.executions.limit || world.host.spent;
}

/** Executions between yields to the event loop: the engine is CPU work and must not starve I/O. */
const YIELD_EVERY = 16;

export async function run(world: ProbeWorld, from: Address, data: Hex, value?: bigint): Promise<ExecResult> {
  if (++world.executions.count % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  return world.host.call({ from, to: world.token, data, value });
}

/** Runs a call and puts the state back: what it would do, without doing it. */
export async function tryRun(world: ProbeWorld, from: Address, data: Hex): Promise<ExecResult> {
  await world.host.checkpoint();
  try {
    return await run(world, from, data);
  } finally {
    await world.host.revert();
  }
}

export async function balanceOf(world: ProbeWorld, who: Address): Promise<bigint | null> {
  return word(await run(world, ACTORS.admin, withAddress(SEL.balanceOf, who)));
}

/**
 * Gives `who` a balance by writing the ledger entries balanceOf reads for it: plain mappings,
 * checkpoint arrays (length then entry) and reflection ledgers (the supply pair it divides by).
 * Returns the balance it reads afterwards, or 0 when no fill made it positive.
 */
export async function fund(
  world: ProbeWorld,
  who: Address,
  options: { seller?: boolean } = {},
): Promise<{ balance: bigint; keys: bigint[] }> {
  // A sale's seller pays buyers out of its balance: it gets the full fill (no burn takes from it).
  const fill = options.seller ? BALANCE : fillOf(world);
  const mine = await emptyOwnEntries(world, who);
  const single = mine && ((await fundOneEntry(world, who, mine, fill)) ?? (await fundScaled(world, who, mine, fill)));
  if (single) return single;
  await switchOnLedger(world, who);
  const keys: bigint[] = [];
  for (let round = 0; round < 4; round++) {
    const entry = round === 0 ? fill : checkpoint(fill);
    const result = await run(world, ACTORS.admin, withAddress(SEL.balanceOf, who));
    const balance = word(result);
    if (balance !== null && balance > 0n) return { balance, keys };
    // Plain slots (a reflection ledger's supply pair) are filled only when balanceOf reverted on them
    // (division by zero): a zero flag read on the way must stay zero.
    const empty = result.trace.reads
      .filter((r) => r.value === 0n)
      .map((r) => ({ key: r.key, mine: derivedFrom(result.trace, r.key, BigInt(who)) }))
      .filter((r) => r.mine || !result.ok);
    if (empty.length === 0) break;
    for (const read of empty) {
      await world.host.setStorage(world.token, read.key, read.mine ? entry : checkpoint(SUPPLY));
      keys.push(read.key);
    }
  }
  return (await fundOutside(world, who, fill)) ?? { balance: 0n, keys };
}

/**
 * Balances kept by an outside contract (a ledger module the token calls for balanceOf): the holder's
 * zero entry there, found the same way, is filled in that contract's storage.
 */
async function fundOutside(
  world: ProbeWorld,
  who: Address,
  fill: bigint,
): Promise<{ balance: bigint; keys: bigint[] } | null> {
  const result = await run(world, ACTORS.admin, withAddress(SEL.balanceOf, who));
  if (!result.ok || word(result) !== 0n) return null;
  const entries = result.trace.outsideReads.filter(
    (r) => r.value === 0n && derivedFrom(result.trace, r.key, BigInt(who)),
  );
  for (const entry of entries.slice(0, 4)) {
    await world.host.setStorage(entry.account, entry.key, fill);
    const balance = (await balanceOf(world, who)) ?? 0n;
    if (balance > 0n) return { balance, keys: [] };
    await world.host.setStorage(entry.account, entry.key, 0n);
  }
  return null;
}

/**
 * A balanceOf that answers zero without reading any entry of the holder's stops at a flag first
 * (`if (!activated) return 0`): the deployment would have set it. Each zero declared variable it
 * read is switched on in turn and kept when balanceOf then reads an entry of the holder's.
 */
async function switchOnLedger(world: ProbeWorld, who: Address): Promise<void> {
  const result = await run(world, ACTORS.admin, withAddress(SEL.balanceOf, who));
  if (!result.ok || word(result) !== 0n || readsEntryOf(result.trace, who)) return;
  const flags = [
    ...new Set(
      result.trace.reads.filter((r) => r.value === 0n && isPlainSlot(r.key) && world.settable(r.key)).map((r) => r.key),
    ),
  ];
  for (const key of flags) {
    await world.host.setStorage(world.token, key, SETTING_ON);
    if (readsEntryOf((await run(world, ACTORS.admin, withAddress(SEL.balanceOf, who))).trace, who)) return;
    await world.host.setStorage(world.token, key, 0n);
  }
}

function readsEntryOf(trace: Trace, who: Address): boolean {
  return trace.reads.some((r) => derivedFrom(trace, r.key, BigInt(who)));
}

/**
 * The common case first: one of the holder's own zero entries is the balance (a token that also
 * keeps, say, a lock list per holder must not get a huge list length from the filling below).
 */
async function fundOneEntry(
  world: ProbeWorld,
  who: Address,
  mine: bigint[],
  fill: bigint,
): Promise<{ balance: bigint; keys: bigint[] } | null> {
  if (mine.length < 2) return null;
  for (const key of mine) {
    await world.host.setStorage(world.token, key, fill);
    const balance = word(await run(world, ACTORS.admin, withAddress(SEL.balanceOf, who)));
    if (balance !== null && balance > 0n) return { balance, keys: [key] };
    await world.host.setStorage(world.token, key, 0n);
  }
  return null;
}

/** The holder's own entries balanceOf read as zero (null when it answers a balance already or reverts): where a fill goes. */
async function emptyOwnEntries(world: ProbeWorld, who: Address): Promise<bigint[] | null> {
  const result = await run(world, ACTORS.admin, withAddress(SEL.balanceOf, who));
  if (!result.ok || word(result) !== 0n) return null;
  return [
    ...new Set(
      result.trace.reads
        .filter((r) => r.value === 0n && derivedFrom(result.trace, r.key, BigInt(who)))
        .map((r) => r.key),
    ),
  ];
}

/** A fill far above any balance, to read what a ledger entry is worth (see fundScaled). */
const PROBE_FILL = 1n << 200n;

/**
 * A reflection ledger on a deployed token keeps each holder's share in units of a huge rate
 * (`_rOwned[who] / (_rTotal / _tTotal)`): a plain fill reads as a balance of zero. The holder's own
 * entry is filled with PROBE_FILL to read the rate, then with what gives a balance of BALANCE.
 */
async function fundScaled(
  world: ProbeWorld,
  who: Address,
  mine: bigint[],
  target: bigint,
): Promise<{ balance: bigint; keys: bigint[] } | null> {
  for (const key of mine) {
    await world.host.setStorage(world.token, key, target);
    const plain = (await balanceOf(world, who)) ?? 0n;
    if (plain > 0n) return { balance: plain, keys: [key] };
    await world.host.setStorage(world.token, key, PROBE_FILL);
    const worth = (await balanceOf(world, who)) ?? 0n;
    // A fill past the ledger's total is refused (`rAmount <= _rTotal`): a smaller balance is tried, a tenth each time.
    for (
      let fill = worth > 0n && worth < PROBE_FILL ? (PROBE_FILL * target) / worth : 0n, tries = 0;
      fill > 0n && tries < 24;
      fill /= 10n, tries++
    ) {
      await world.host.setStorage(world.token, key, fill);
      const balance = (await balanceOf(world, who)) ?? 0n;
      if (balance > 0n) return { balance, keys: [key] };
    }
    await world.host.setStorage(world.token, key, 0n);
  }
  return null;
}

/**
 * Some tokens park their unissued supply in the zero address's ledger entry (the constructor credits
 * it; the owner issues from it). On a state the constructor never wrote, such a call reverts on that
 * empty entry: when the trace read an entry balanceOf(0x0) reads, and read it as zero, the zero
 * address is funded like a probe holder. Moving tokens out of it credits holders while debiting no
 * one: a mint. (The compiler folds the entry's hash into a constant, so the key is matched, not its preimage.)
 */
export async function fundUnissued(world: ProbeWorld, trace: Trace): Promise<boolean> {
  const ledger = world.zeroLedger ?? (await readZeroLedger(world));
  // On a deployed token the chain's zero is the reserve's real balance: nothing is left to issue.
  if (!trace.reads.some((r) => r.value === 0n && ledger.has(r.key) && world.settable(r.key))) return false;
  return (await fund(world, NOBODY)).balance > 0n;
}

async function readZeroLedger(world: ProbeWorld): Promise<Set<bigint>> {
  const result = await run(world, ACTORS.admin, withAddress(SEL.balanceOf, NOBODY));
  const ledger = new Set(
    word(result) === 0n ? result.trace.reads.filter((r) => !isPlainSlot(r.key)).map((r) => r.key) : [],
  );
  world.zeroLedger = ledger;
  return ledger;
}

/** Supply slots read as zero get a supply larger than every probe balance, so burns do not underflow. */
export async function fundSupply(world: ProbeWorld): Promise<bigint | null> {
  for (let round = 0; round < 4; round++) {
    const result = await run(world, ACTORS.admin, SEL.totalSupply);
    const supply = word(result);
    if (supply === null) return null;
    const empty = result.trace.reads.filter((r) => r.value === 0n);
    if (supply > 0n || empty.length === 0) return supply;
    for (const read of empty)
      await world.host.setStorage(world.token, read.key, round === 0 ? SUPPLY : checkpoint(SUPPLY));
  }
  return word(await run(world, ACTORS.admin, SEL.totalSupply));
}

export function keysRead(trace: Trace): bigint[] {
  return trace.reads.map((r) => r.key);
}
