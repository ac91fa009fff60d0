import { getAddress, type Address, type Hex } from 'viem';
import type { ExecResult } from './evm-host';
import { derivedFrom, MASK160, type Trace } from './execution-tracer';
import { ACTORS, fundUnissued, isPlainSlot, run, SETTING_ON, type ProbeWorld } from './probe-world';
import type { StaticInfo } from './static-layer';

const PROBES = [BigInt(ACTORS.victim), BigInt(ACTORS.holder)];

/** One check on the caller, found where a stranger's call compared CALLER and reverted. */
export type Gate =
  | { kind: 'slot'; slot: bigint; offset: number }
  | { kind: 'role'; key: bigint }
  | { kind: 'hardcoded'; address: Address };

export interface Unlocked {
  caller: Address;
  gates: Gate[];
  /** Plain slots read as zero that blocked the call and were switched on (deployment settings). */
  settings: bigint[];
  /** The zero address's empty ledger entry was funded so the call could issue from it (see fundUnissued). */
  unissued: boolean;
  result: ExecResult;
}

export { SETTING_ON } from './probe-world';

/** Which zero slots may be treated as unset deployment settings (see ProbeWorld.settable). */
export type Settable = (key: bigint) => boolean;

/** Where an address sits in storage: its slot and byte offset there (owner() and friends). */
export interface AddressSlot {
  slot: bigint;
  offset: number;
}

/**
 * Runs the call as a stranger; while it reverts at a caller check, grants the stranger that
 * authority (writes it into the admin slot, sets its role entry, or becomes the hard-coded
 * address) and runs again. The grants stay in the state; the call's own effects do not.
 */
export async function unlock(
  world: ProbeWorld,
  params: { data: Hex; info: StaticInfo; code: string; ownLedger: Set<bigint>; settable: Settable; caller?: Address; rounds?: number },
): Promise<Unlocked> {
  let caller: Address = params.caller ?? ACTORS.admin;
  const gates: Gate[] = [];
  const settings: bigint[] = [];
  const tried = new Set<string>();
  let previous: ExecResult | null = null;
  let lastWasSetting = false;
  let previousReads: number | null = null;
  let unissued = false;
  const rounds = params.rounds ?? 6;
  for (let round = 0; ; round++) {
    await world.host.checkpoint();
    const result = await run(world, caller, params.data);
    await world.host.revert();
    if (result.exhausted && previous && settings.length > 0) {
      // The setting just switched on was a loop bound (an array length), not a cap: take it back.
      await world.host.setStorage(world.token, settings.pop()!, 0n);
      return { caller, gates, settings, unissued, result: previous };
    }
    // A check written as `if (msg.sender == owner) { … }` skips instead of reverting: a call that
    // wrote nothing after comparing the caller with an authority is run again as that authority.
    const skipped = result.ok && result.trace.writes.size === 0 && !result.trace.selfdestruct && round < rounds;
    if ((result.ok && !skipped) || result.exhausted || round >= rounds) return { caller, gates, settings, unissued, result };
    const gate = findGate({ trace: result.trace, info: params.info, tried, code: params.code, ownLedger: params.ownLedger, comparesOnly: skipped });
    if (skipped && !gate) return { caller, gates, settings, unissued, result };
    if (!skipped) previous = result;
    if (gate) {
      lastWasSetting = false;
      previousReads = null;
      if (gate.kind === 'slot' && addressOffset(params.info, gate.slot) === null) gate.offset = (await placeOfAddress(world, { caller, data: params.data, slot: gate.slot })) ?? gate.offset;
      gates.push(gate);
      if (gate.kind === 'hardcoded') caller = gate.address;
      else await grant(world, gate, caller);
      continue;
    }
    if (!unissued && (await fundUnissued(world, result.trace))) {
      unissued = true;
      lastWasSetting = false;
      previousReads = null;
      continue;
    }
    // A setting after which the call stops no further along was not what blocked it: take it back.
    if (lastWasSetting && previousReads !== null && result.trace.reads.length <= previousReads) await world.host.setStorage(world.token, settings.pop()!, 0n);
    previousReads = result.trace.reads.length;
    const setting = blockingSetting(result.trace, { ...params, listing: gates.length > 0 }, tried);
    lastWasSetting = setting !== null;
    if (setting === null) return { caller, gates, settings, unissued, result };
    settings.push(setting);
    await world.host.setStorage(world.token, setting, SETTING_ON);
  }
}

/** A word whose 160-bit windows at byte offsets 0..12 all differ: bytes 0x01..0x20, high to low. */
const PATTERN = BigInt(`0x${Array.from({ length: 32 }, (_, i) => (32 - i).toString(16).padStart(2, '0')).join('')}`);

/**
 * Where in an unset slot the address compared with the caller sits. A zero word holds "zero" at
 * every offset, so when no layout types the slot (an owner packed after a flag sits at offset 1),
 * the slot is filled with PATTERN and the call run again: the window the check compares tells.
 */
async function placeOfAddress(world: ProbeWorld, params: { caller: Address; data: Hex; slot: bigint }): Promise<number | null> {
  const previous = await world.host.storage(world.token, params.slot);
  if (previous !== 0n) return null;
  await world.host.checkpoint();
  await world.host.setStorage(world.token, params.slot, PATTERN);
  const result = await run(world, params.caller, params.data);
  await world.host.revert();
  for (const compare of result.trace.compares) {
    const offset = offsetOf(PATTERN, compare.other);
    if (offset !== null) return offset;
  }
  return null;
}

/**
 * The zero slot most likely to have stopped a call: the last declared variable it read as zero
 * (a supply cap, an end time, an "enabled" flag the deployment would have set); failing that, for a
 * call behind a caller check, the last zero entry keyed by a probe holder alone (the authority lists
 * the holder first: registered, whitelisted), never one keyed by the caller as well (an allowance the
 * holder never gave).
 */
function blockingSetting(trace: Trace, params: { ownLedger: Set<bigint>; settable: Settable; listing: boolean }, tried: Set<string>): bigint | null {
  const listing = (key: bigint) => PROBES.some((p) => derivedFrom(trace, key, p)) && !derivedFrom(trace, key, trace.caller);
  const setting = lastZero(trace, params, tried, isPlainSlot);
  return setting ?? (params.listing ? lastZero(trace, params, tried, (key) => !isPlainSlot(key) && listing(key)) : null);
}

/**
 * The last declared variable the trace read as zero that may be switched on, never the caller's own
 * balance: a quota a gated call that did nothing met, a switch a refused purchase met (see openSale).
 */
export function zeroSetting(trace: Trace, params: { ownLedger?: Set<bigint>; settable: Settable }): bigint | null {
  return lastZero(trace, params, new Set(), isPlainSlot);
}

function lastZero(trace: Trace, params: { ownLedger?: Set<bigint>; settable: Settable }, tried: Set<string>, kind: (key: bigint) => boolean): bigint | null {
  for (let i = trace.reads.length - 1; i >= 0; i--) {
    const read = trace.reads[i];
    if (read.value !== 0n || !kind(read.key) || params.ownLedger?.has(read.key) || !params.settable(read.key)) continue;
    if (tried.has(`z${read.key}`)) continue;
    tried.add(`z${read.key}`);
    return read.key;
  }
  return null;
}

export async function grant(world: ProbeWorld, gate: Gate, caller: Address): Promise<void> {
  if (gate.kind === 'hardcoded') return;
  if (gate.kind === 'role') return world.host.setStorage(world.token, gate.key, 1n);
  const value = withAddressAt(await world.host.storage(world.token, gate.slot), caller, gate.offset);
  await world.host.setStorage(world.token, gate.slot, value);
}

/**
 * The caller check that stopped the call. A hard-coded address must be in the code itself (not an
 * argument compared with the caller); a role entry must not be the caller's own balance or an
 * allowance (keyed by a probe holder too).
 */
function findGate(params: { trace: Trace; info: StaticInfo; tried: Set<string>; code: string; ownLedger: Set<bigint>; comparesOnly?: boolean }): Gate | null {
  const { trace, info, tried } = params;
  for (const compare of trace.compares) {
    // The caller compared with itself passed that check (an authority already granted).
    if (compare.other === trace.caller) continue;
    const gate = gateOfCompare({ trace, info, other: compare.other, readsBefore: compare.readsBefore });
    if (gate?.kind === 'hardcoded' && !params.code.includes(gate.address.slice(2).toLowerCase())) continue;
    if (gate && mark(tried, gate)) return gate;
  }
  if (params.comparesOnly) return null;
  for (let i = trace.reads.length - 1; i >= 0; i--) {
    const read = trace.reads[i];
    // An entry keyed by a probe holder as well is an allowance, not a role.
    if (read.callerKeyed && read.value === 0n && !params.ownLedger.has(read.key) && !PROBES.some((p) => derivedFrom(trace, read.key, p))) {
      const gate: Gate = { kind: 'role', key: read.key };
      if (mark(tried, gate)) return gate;
    }
  }
  return null;
}

function gateOfCompare(params: { trace: Trace; info: StaticInfo; other: bigint; readsBefore: number }): Gate | null {
  const { trace, info, other, readsBefore } = params;
  const matches: AddressSlot[] = [];
  for (let i = readsBefore - 1; i >= 0; i--) {
    const read = trace.reads[i];
    const offset = offsetOf(read.value, other);
    if (offset !== null) matches.push({ slot: read.key, offset: addressOffset(info, read.key) ?? offset });
  }
  const typed = matches.find((m) => addressOffset(info, m.slot) !== null);
  const chosen = typed ?? matches[0];
  if (chosen) return { kind: 'slot', ...chosen };
  if (other !== 0n) return { kind: 'hardcoded', address: getAddress(`0x${other.toString(16).padStart(40, '0')}`) };
  return null;
}

/** Byte offset at which `address` sits in `value`, if it does. */
export function offsetOf(value: bigint, address: bigint): number | null {
  for (let offset = 0; offset <= 12; offset++) {
    if (((value >> BigInt(offset * 8)) & MASK160) === address) return offset;
  }
  return null;
}

function addressOffset(info: StaticInfo, slot: bigint): number | null {
  const record = info.storage?.find((s) => s.slot === slot && s.type === 'address');
  return record ? record.offset : null;
}

function mark(tried: Set<string>, gate: Gate): boolean {
  const id = gate.kind === 'slot' ? `s${gate.slot}` : gate.kind === 'role' ? `r${gate.key}` : `h${gate.address}`;
  if (tried.has(id)) return false;
  tried.add(id);
  return true;
}

/** `value` with `address` in its 20 bytes at `offset` (a slot that packs an owner beside flags). */
export function withAddressAt(value: bigint, address: Address, offset: number): bigint {
  const shift = BigInt(offset * 8);
  return (value & ~(MASK160 << shift)) | (BigInt(address) << shift);
}

export function addressIn(value: bigint, offset: number): Address {
  const raw = (value >> BigInt(offset * 8)) & MASK160;
  return getAddress(`0x${raw.toString(16).padStart(40, '0')}`);
}
