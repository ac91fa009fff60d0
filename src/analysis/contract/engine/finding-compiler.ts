import type { Address, Hex } from 'viem';
import { isUnownedAddress } from '../../../chain/burn-addresses';
import { addressIn, type Gate } from './authority';
import { storageKey, type StateSnapshot } from './chain-state';
import type { Exercise, Exploration } from './function-explorer';
import { KIND_RULES, type Authority, type BoundedSetter, type Finding, type GateRead } from './findings';
import { nameOf, pct, type Effect } from './effects';
import { ACTORS } from './probe-world';

/** Where owner() reads its answer. */
export interface OwnerRef {
  getter: string;
  slot: bigint | null;
  offset: number;
}

/** A setter whose highest measured fee stays at or under this is reported as bounded, not a threat. */
const HARMLESS_FEE = 0.5;

/** The fee a holder pays today (baseline transfer and sell) and where it went. */
export interface FeeToday {
  transfer: number | null;
  sell: number | null;
  to: Address[];
}

interface CompileInput {
  fees?: FeeToday;
  explorations: Exploration[];
  sequences: Exercise[];
  snapshot: StateSnapshot;
  token: Address;
  owner: OwnerRef | null;
  signatureOf: (selector: Hex) => string | null;
}

/** Turns measured exercises into findings with their authority, holder, status and evidence. */
export function compileFindings(input: CompileInput): {
  findings: Finding[];
  boundedSetters: BoundedSetter[];
  incomplete: string[];
} {
  const findings = new Map<string, Finding>();
  const exercises = [...input.explorations.flatMap((e) => e.exercises), ...input.sequences];
  for (const exercise of exercises) {
    const authority = authorityOf(input, exercise.gates);
    for (const effect of exercise.effects) {
      const id = `${effect.kind}:${exercise.selector}`;
      const existing = findings.get(id);
      // A pair names its first step; it replaces the same power measured with the holder listed beforehand.
      const [had, has] = [existing?.measuredFee ?? 0, effect.fee ?? 0];
      if (existing && (had > has || (had === has && !exercise.after))) continue;
      findings.set(id, {
        kind: effect.kind,
        severity: KIND_RULES[effect.kind].severity,
        selector: exercise.selector,
        signature: input.signatureOf(exercise.selector),
        authority,
        status: authority.holderType === 'nobody' ? 'dormant' : 'live',
        evidence: evidenceOf(
          exercise,
          authority,
          effect.kind === 'external_transfer_hook' ? hookWords(input, effect) : gateWords(effect.measured, effect.gate),
          input.signatureOf,
        ),
        ...(effect.fee !== undefined ? { measuredFee: effect.fee } : {}),
        ...(effect.gate ? { gate: gateRead(effect.gate) } : {}),
      });
    }
  }
  // A function that stopped transfers even with a number as large as the transfer sets no cap: its pause is the finding.
  const pauses = new Set([...findings.values()].filter((f) => f.kind === 'pause').map((f) => f.selector));
  // A hook setter stops every transfer when it points the hook at an address without code: the hook is the power.
  const hooks = new Set(
    [...findings.values()].filter((f) => f.kind === 'external_transfer_hook').map((f) => f.selector),
  );
  // A setter that forwards transfers elsewhere (upgrade) moves nothing when pointed at no code: that "fee" is the forwarding.
  const forwards = new Set([...findings.values()].filter((f) => f.kind === 'upgrade').map((f) => f.selector));
  // A fee setter stops transfers once fees pass 100 %: when it stopped them only with a larger number
  // than the one that already took most of a transfer, the confiscatory fee is the power.
  const stopKinds = new Set<string>(['pause', 'transfer_limit', 'trading_switch']);
  const lowest = (kinds: (k: string) => boolean): Map<string, bigint> => {
    const at = new Map<string, bigint>();
    for (const x of exercises) {
      for (const e of x.effects.filter((f) => kinds(f.kind))) {
        const id = `${e.kind === 'confiscatory_fee' ? '' : e.kind}:${x.selector}`;
        if (!at.has(id) || x.choice.uint < at.get(id)!) at.set(id, x.choice.uint);
      }
    }
    return at;
  };
  const feeAt = lowest((k) => k === 'confiscatory_fee');
  const stopAt = lowest((k) => stopKinds.has(k));
  const beyondFee = (f: Finding): boolean => {
    const fee = feeAt.get(`:${f.selector}`);
    const stop = stopAt.get(`${f.kind}:${f.selector}`);
    return fee !== undefined && stop !== undefined && stop > fee;
  };
  const list = [...findings.values()].filter(
    (f) =>
      (f.kind !== 'transfer_limit' || !pauses.has(f.selector)) &&
      (f.kind !== 'pause' || !hooks.has(f.selector)) &&
      (!stopKinds.has(f.kind) || !beyondFee(f)) &&
      ((f.kind !== 'confiscatory_fee' && f.kind !== 'pause') || !forwards.has(f.selector)),
  );
  list.push(...hiddenOwner(input, list), ...ownershipTakers(input));
  const confiscatory = new Set(list.filter((f) => f.kind === 'confiscatory_fee').map((f) => f.selector));
  const bounded = input.explorations.filter(
    (e) => e.feeSeen !== null && e.feeSeen < HARMLESS_FEE && !confiscatory.has(e.fn.selector),
  );
  const boundedSetters = bounded.map((e) => ({
    selector: e.fn.selector,
    signature: input.signatureOf(e.fn.selector),
    bound: `highest fee measured ${pct(e.feeSeen!)}`,
  }));
  list.push(...bounded.map((e) => adjustableFee(input, e)));
  const incomplete = input.explorations
    .filter((e) => e.exhausted)
    .map((e) => `${e.fn.selector} ran out of its gas or step budget`);
  return { findings: list, boundedSetters, incomplete };
}

function authorityOf(input: CompileInput, gates: Gate[]): Authority {
  const gate = gates[0];
  if (!gate) return { kind: 'anyone', slot: null, getter: null, holder: null, holderType: 'unknown' };
  if (gate.kind === 'hardcoded')
    return {
      kind: 'hardcoded',
      slot: null,
      getter: null,
      holder: gate.address,
      holderType: holderType(input, gate.address),
    };
  if (gate.kind === 'role')
    return { kind: 'role_map', slot: hex(gate.key), getter: null, holder: null, holderType: 'unknown' };
  const value = input.snapshot.storage.get(storageKey(input.token, gate.slot)) ?? 0n;
  const holder = addressIn(value, gate.offset);
  const isOwner = input.owner?.slot === gate.slot;
  return {
    kind: isOwner ? 'owner_slot' : 'storage_slot',
    slot: hex(gate.slot),
    getter: isOwner ? input.owner!.getter : null,
    holder,
    holderType: holderType(input, holder),
  };
}

function holderType(input: CompileInput, holder: Address): Authority['holderType'] {
  if (isUnownedAddress(holder)) return 'nobody';
  const code = input.snapshot.code.get(holder.toLowerCase());
  if (code === undefined) return 'unknown';
  return code === '0x' ? 'eoa' : 'contract';
}

/** Powers that survive a renounced owner(): held through another slot, a role map or a constant. */
function hiddenOwner(input: CompileInput, findings: Finding[]): Finding[] {
  const owner = input.owner;
  if (!owner || owner.slot === null) return [];
  const ownerNow = addressIn(input.snapshot.storage.get(storageKey(input.token, owner.slot)) ?? 0n, owner.offset);
  if (!isUnownedAddress(ownerNow)) return [];
  const survivors = findings.filter(
    (f) =>
      f.status === 'live' &&
      f.authority.kind !== 'owner_slot' &&
      f.authority.kind !== 'anyone' &&
      f.authority.kind !== 'code',
  );
  const first = survivors[0];
  if (!first) return [];
  return [
    {
      ...first,
      kind: 'hidden_owner',
      severity: KIND_RULES.hidden_owner.severity,
      evidence: `${owner.getter} returns ${ownerNow} (renounced), yet ${first.authority.kind} ${first.authority.holder ?? first.authority.slot} still holds ${first.signature ?? first.selector} (${first.kind}): ${first.evidence}`,
    },
  ];
}

/** A function outside the owner's own gate that writes the owner slot: ownership can be taken back after a renounce. */
function ownershipTakers(input: CompileInput): Finding[] {
  const slot = input.owner?.slot;
  if (slot == null) return [];
  return input.explorations
    .filter(
      (e) => e.writes.has(slot) && e.gates.length > 0 && !e.gates.some((g) => g.kind === 'slot' && g.slot === slot),
    )
    .map((e) => {
      const authority = authorityOf(input, e.gates);
      return {
        kind: 'hidden_owner' as const,
        severity: KIND_RULES.hidden_owner.severity,
        selector: e.fn.selector,
        signature: input.signatureOf(e.fn.selector),
        authority,
        status: authority.holderType === 'nobody' ? ('dormant' as const) : ('live' as const),
        evidence: `as ${whoHolds(authority)}: \`${input.signatureOf(e.fn.selector) ?? e.fn.selector}\` with (generated arguments): wrote the slot ${input.owner!.getter} reads: ownership can be taken back by a holder of another gate`,
      };
    });
}

function evidenceOf(
  exercise: Exercise,
  authority: Authority,
  measured: string,
  signatureOf: (s: Hex) => string | null,
): string {
  const as = `as ${whoHolds(authority)}`;
  const call = `\`${signatureOf(exercise.selector) ?? exercise.selector}\` with (${exercise.choice.label.replace('victim', nameOf(exercise.choice.addresses[0]))})`;
  const setup = exercise.after ? ` after \`${signatureOf(exercise.after.selector) ?? exercise.after.selector}\`` : '';
  return `${as}: ${call}${setup}: ${measured}`;
}

function hex(value: bigint): Hex {
  return `0x${value.toString(16).padStart(64, '0')}`;
}

function gateRead(gate: NonNullable<Effect['gate']>): GateRead {
  return {
    slot: hex(gate.key),
    mapping: gate.mapping !== undefined ? { slot: hex(gate.mapping), keyedBy: 'holder' } : null,
    value: hex(gate.before),
    setTo: hex(gate.after),
  };
}

/** The measured effect, and the storage read that decided it: "…; decided by the holder's entry of the mapping at slot 0x9 (reads 0, this call wrote 1)". */
function gateWords(measured: string, gate: Effect['gate']): string {
  if (!gate) return measured;
  const where =
    gate.mapping !== undefined
      ? `the holder's entry of the mapping at slot 0x${gate.mapping.toString(16)}`
      : `storage slot 0x${gate.key.toString(16)}`;
  const text = (v: bigint): string => (v < 1n << 64n ? v.toString() : `0x${v.toString(16)}`);
  return `${measured}; decided by ${where} (reads ${text(gate.before)}, this call wrote ${text(gate.after)})`;
}

/** Who may call a power today, in words: "the owner (owner() = 0xf39F…, an EOA)". */
export function whoHolds(authority: Authority): string {
  const what = { eoa: 'an EOA', contract: 'a contract', nobody: 'renounced: nobody', unknown: 'code not read' }[
    authority.holderType
  ];
  switch (authority.kind) {
    case 'anyone':
      return 'any caller';
    case 'code':
      return 'the code itself (no one needs to act)';
    case 'hardcoded':
      return `${authority.holder} (hard-coded, ${what})`;
    case 'role_map':
      return `a member of the role map (entry ${authority.slot})`;
    case 'owner_slot':
      return `the owner (${authority.getter} = ${authority.holder}, ${what})`;
    default:
      return `the address in storage slot 0x${BigInt(authority.slot ?? 0).toString(16)} (${authority.holder}, ${what})`;
  }
}

/** A hook's evidence names the contract transfers consult today (the slot's value) and whether code is there. */
function hookWords(input: CompileInput, effect: Effect): string {
  if (!effect.gate) return effect.measured;
  const now = addressIn(effect.gate.before, 0);
  const code = input.snapshot.code.get(now.toLowerCase());
  const state =
    BigInt(now) === 0n
      ? 'unset'
      : code === undefined
        ? 'its code not read'
        : code === '0x'
          ? 'no code there'
          : 'a contract';
  return `${effect.measured}: the address in storage slot 0x${effect.gate.key.toString(16)}, today ${now} (${state})`;
}

/** A fee setter that stays under HARMLESS_FEE: still a power (medium), reported with today's fee, its highest and its receivers. */
function adjustableFee(input: CompileInput, e: Exploration): Finding {
  const authority = authorityOf(input, e.gates);
  const today = input.fees;
  const now = [
    today?.transfer != null ? `${pct(today.transfer)} on a transfer` : null,
    today?.sell != null ? `${pct(today.sell)} on a sell` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const receivers = [...new Set([...(today?.to ?? []), ...e.feeTo])];
  const named = (a: Address): string =>
    a.toLowerCase() === input.token.toLowerCase()
      ? `${a} (the token contract)`
      : a === ACTORS.admin
        ? `the power's holder (${authority.holder ?? 'the authority'})`
        : a;
  const to = receivers.length ? receivers.map(named).join(', ') : 'no account credited (spread over holders or burned)';
  const fn = input.signatureOf(e.fn.selector) ?? e.fn.selector;
  return {
    kind: 'adjustable_fee',
    severity: KIND_RULES.adjustable_fee.severity,
    selector: e.fn.selector,
    signature: input.signatureOf(e.fn.selector),
    authority,
    status: authority.holderType === 'nobody' ? 'dormant' : 'live',
    evidence: `as ${whoHolds(authority)}: \`${fn}\` sets the fee: today ${now || 'none measured'}; the highest it was set to here took ${pct(e.feeSeen!)} of a transfer; the fee goes to ${to}`,
    measuredFee: e.feeSeen!,
  };
}
