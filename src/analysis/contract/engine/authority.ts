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

/** What unlock is given: the call, what the code says of its storage, and what it must never switch on. */
interface UnlockParams {
  data: Hex;
  info: StaticInfo;
  code: string;
  ownLedger: Set<bigint>;
  settable: Settable;
  caller?: Address;
  rounds?: number;
}

/** What unlocking has granted, funded and switched on so far (the grants themselves are in the world). */
interface Progress {
  /** Runs of the call so far, less one: past `rounds`, the call is answered as it stands. */
  round: number;
  caller: Address;
  gates: Gate[];
  settings: bigint[];
  unissued: boolean;
  /** Gates and settings already chosen once (see mark and lastZero): none is chosen twice. Grows as they are. */
  tried: Set<string>;
  /** The last run that reverted: the answer when the setting switched on after it was a loop bound. */
  reverted: ExecResult | null;
  /** Storage reads of the run that led to the setting just switched on; null when the last move was no setting. */
  readsBeforeSetting: number | null;
}

/**
 * The states of unlocking, one run of the call per round: `run` it, `judge` how it ended, then
 * `grant` the caller check it met, `fund-unissued` the zero address's ledger entry, or `switch-on`
 * the zero setting that stopped it, and run again; `loop-bound` takes back a setting that made the
 * call endless. `done` holds the answer.
 */
type UnlockState =
  | { at: 'run'; progress: Progress }
  | { at: 'judge'; progress: Progress; result: ExecResult }
  | { at: 'grant'; progress: Progress; gate: Gate }
  | { at: 'fund-unissued'; progress: Progress; result: ExecResult }
  | { at: 'switch-on'; progress: Progress; result: ExecResult }
  | { at: 'loop-bound'; progress: Progress & { reverted: ExecResult } }
  | { at: 'done'; unlocked: Unlocked };

/**
 * Runs the call as a stranger; while it reverts at a caller check, grants the stranger that
 * authority (writes it into the admin slot, sets its role entry, or becomes the hard-coded
 * address) and runs again. The grants stay in the state; the call's own effects do not.
 */
export async function unlock(world: ProbeWorld, params: UnlockParams): Promise<Unlocked> {
  const start: Progress = {
    round: 0,
    caller: params.caller ?? ACTORS.admin,
    gates: [],
    settings: [],
    unissued: false,
    tried: new Set(),
    reverted: null,
    readsBeforeSetting: null,
  };
  let state: UnlockState = { at: 'run', progress: start };
  while (state.at !== 'done') state = await advance(world, params, state);
  return state.unlocked;
}

/** The one transition: from each state to the next, doing that state's work in the world. */
async function advance(
  world: ProbeWorld,
  params: UnlockParams,
  state: Exclude<UnlockState, { at: 'done' }>,
): Promise<UnlockState> {
  const { progress } = state;
  const again = (next: Partial<Progress>): UnlockState => ({
    at: 'run',
    progress: { ...progress, ...next, round: progress.round + 1 },
  });
  switch (state.at) {
    case 'run': {
      await world.host.checkpoint();
      const result = await run(world, progress.caller, params.data);
      await world.host.revert();
      return { at: 'judge', progress, result };
    }
    case 'judge':
      return judge(state, params);
    case 'grant': {
      const gate = { ...state.gate };
      if (gate.kind === 'slot' && addressOffset(params.info, gate.slot) === null) {
        gate.offset =
          (await placeOfAddress(world, { caller: progress.caller, data: params.data, slot: gate.slot })) ?? gate.offset;
      }
      if (gate.kind !== 'hardcoded') await grant(world, gate, progress.caller);
      return again({
        gates: [...progress.gates, gate],
        caller: gate.kind === 'hardcoded' ? gate.address : progress.caller,
        readsBeforeSetting: null,
      });
    }
    case 'fund-unissued':
      if (await fundUnissued(world, state.result.trace)) return again({ unissued: true, readsBeforeSetting: null });
      return { at: 'switch-on', progress, result: state.result };
    case 'switch-on': {
      const { trace } = state.result;
      let { settings } = progress;
      // A setting after which the call stops no further along was not what blocked it: take it back.
      if (progress.readsBeforeSetting !== null && trace.reads.length <= progress.readsBeforeSetting) {
        await world.host.setStorage(world.token, settings[settings.length - 1], 0n);
        settings = settings.slice(0, -1);
      }
      const setting = blockingSetting(trace, { ...params, listing: progress.gates.length > 0 }, progress.tried);
      // Nothing left to switch on: the call stays refused.
      if (setting === null) return finished({ ...progress, settings }, state.result);
      await world.host.setStorage(world.token, setting, SETTING_ON);
      return again({ settings: [...settings, setting], readsBeforeSetting: trace.reads.length });
    }
    case 'loop-bound': {
      // The setting just switched on was a loop bound (an array length), not a cap: take it back.
      const { settings, reverted } = state.progress;
      await world.host.setStorage(world.token, settings[settings.length - 1], 0n);
      return finished({ ...progress, settings: settings.slice(0, -1) }, reverted);
    }
  }
}

/** How the last run ended decides the next state: answered, a loop bound taken back, or what stopped it unblocked. */
function judge(state: Extract<UnlockState, { at: 'judge' }>, params: UnlockParams): UnlockState {
  const { progress, result } = state;
  const { reverted } = progress;
  if (result.exhausted && reverted && progress.settings.length > 0)
    return { at: 'loop-bound', progress: { ...progress, reverted } };
  // A check written as `if (msg.sender == owner) { … }` skips instead of reverting: a call that
  // wrote nothing after comparing the caller with an authority is run again as that authority.
  const rounds = params.rounds ?? 6;
  const idle = result.ok && result.trace.writes.size === 0 && !result.trace.selfdestruct && progress.round < rounds;
  // It ran, it ran endless, or the rounds are spent: answered as it stands.
  if ((result.ok && !idle) || result.exhausted || progress.round >= rounds) return finished(progress, result);
  const gate = findGate({
    trace: result.trace,
    info: params.info,
    tried: progress.tried,
    code: params.code,
    ownLedger: params.ownLedger,
    comparesOnly: idle,
  });
  // It did nothing, yet compared the caller with no authority not tried already: nothing to unlock.
  if (idle && !gate) return finished(progress, result);
  const next = idle ? progress : { ...progress, reverted: result };
  if (gate) return { at: 'grant', progress: next, gate };
  return next.unissued ? { at: 'switch-on', progress: next, result } : { at: 'fund-unissued', progress: next, result };
}

/** The terminal state: the call's last run (or the one before a loop bound) with what unlocked it. */
function finished(progress: Progress, result: ExecResult): UnlockState {
  const { caller, gates, settings, unissued } = progress;
  return { at: 'done', unlocked: { caller, gates, settings, unissued, result } };
}

/** A word whose 160-bit windows at byte offsets 0..12 all differ: bytes 0x01..0x20, high to low. */
const PATTERN = BigInt(`0x${Array.from({ length: 32 }, (_, i) => (32 - i).toString(16).padStart(2, '0')).join('')}`);

/**
 * Where in an unset slot the address compared with the caller sits. A zero word holds "zero" at
 * every offset, so when no layout types the slot (an owner packed after a flag sits at offset 1),
 * the slot is filled with PATTERN and the call run again: the window the check compares tells.
 */
async function placeOfAddress(
  world: ProbeWorld,
  params: { caller: Address; data: Hex; slot: bigint },
): Promise<number | null> {
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
function blockingSetting(
  trace: Trace,
  params: { ownLedger: Set<bigint>; settable: Settable; listing: boolean },
  tried: Set<string>,
): bigint | null {
  const listing = (key: bigint) =>
    PROBES.some((p) => derivedFrom(trace, key, p)) && !derivedFrom(trace, key, trace.caller);
  const setting = lastZero(trace, params, tried, isPlainSlot);
  return (
    setting ?? (params.listing ? lastZero(trace, params, tried, (key) => !isPlainSlot(key) && listing(key)) : null)
  );
}

/**
 * The last declared variable the trace read as zero that may be switched on, never the caller's own
 * balance: a quota a gated call that did nothing met, a switch a refused purchase met (see openSale).
 */
export function zeroSetting(trace: Trace, params: { ownLedger?: Set<bigint>; settable: Settable }): bigint | null {
  return lastZero(trace, params, new Set(), isPlainSlot);
}

function lastZero(
  trace: Trace,
  params: { ownLedger?: Set<bigint>; settable: Settable },
  tried: Set<string>,
  kind: (key: bigint) => boolean,
): bigint | null {
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
function findGate(params: {
  trace: Trace;
  info: StaticInfo;
  tried: Set<string>;
  code: string;
  ownLedger: Set<bigint>;
  comparesOnly?: boolean;
}): Gate | null {
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
    if (
      read.callerKeyed &&
      read.value === 0n &&
      !params.ownLedger.has(read.key) &&
      !PROBES.some((p) => derivedFrom(trace, read.key, p))
    ) {
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
