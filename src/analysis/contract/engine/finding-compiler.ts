import type { Address, Hex } from 'viem';
import { addressIn, type Gate } from './authority';
import { storageKey, type StateSnapshot } from './chain-state';
import type { Exercise, Exploration } from './function-explorer';
import { KIND_RULES, type Authority, type BoundedSetter, type Finding, type GateRead } from './findings';
import { nameOf, type Effect } from './effects';

/** Where owner() reads its answer. */
export interface OwnerRef {
  getter: string;
  slot: bigint | null;
  offset: number;
}

const DEAD = new Set(['0x0000000000000000000000000000000000000000', '0x000000000000000000000000000000000000dead']);
/** A setter whose highest measured fee stays at or under this is reported as bounded, not a threat. */
const HARMLESS_FEE = 0.5;

interface CompileInput {
  explorations: Exploration[];
  sequences: Exercise[];
  snapshot: StateSnapshot;
  token: Address;
  owner: OwnerRef | null;
  signatureOf: (selector: Hex) => string | null;
}

/** Turns measured exercises into findings with their authority, holder, status and evidence. */
export function compileFindings(input: CompileInput): { findings: Finding[]; boundedSetters: BoundedSetter[]; incomplete: string[] } {
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
        evidence: evidenceOf(exercise, authority, effect.kind === 'external_transfer_hook' ? hookWords(input, effect) : gateWords(effect.measured, effect.gate), input.signatureOf),
        ...(effect.fee !== undefined ? { measuredFee: effect.fee } : {}),
        ...(effect.gate ? { gate: gateRead(effect.gate) } : {}),
      });
    }
  }
  // A function that stopped transfers even with a number as large as the transfer sets no cap: its pause is the finding.
  const pauses = new Set([...findings.values()].filter((f) => f.kind === 'pause').map((f) => f.selector));
  // A hook setter stops every transfer when it points the hook at an address without code: the hook is the power.
  const hooks = new Set([...findings.values()].filter((f) => f.kind === 'external_transfer_hook').map((f) => f.selector));
  // A setter that forwards transfers elsewhere (upgrade) moves nothing when pointed at no code: that "fee" is the forwarding.
  const forwards = new Set([...findings.values()].filter((f) => f.kind === 'upgrade').map((f) => f.selector));
  // A fee setter stops transfers once fees pass 100 %: the confiscatory fee below that is the power.
  const fees = new Set([...findings.values()].filter((f) => f.kind === 'confiscatory_fee').map((f) => f.selector));
  const stops = (f: Finding): boolean => f.kind === 'pause' || f.kind === 'transfer_limit' || f.kind === 'trading_switch';
  const list = [...findings.values()].filter(
    (f) =>
      (f.kind !== 'transfer_limit' || !pauses.has(f.selector)) &&
      (f.kind !== 'pause' || !hooks.has(f.selector)) &&
      (!stops(f) || !fees.has(f.selector)) &&
      ((f.kind !== 'confiscatory_fee' && f.kind !== 'pause') || !forwards.has(f.selector)),
  );
  list.push(...hiddenOwner(input, list), ...ownershipTakers(input));
  const confiscatory = new Set(list.filter((f) => f.kind === 'confiscatory_fee').map((f) => f.selector));
  const boundedSetters = input.explorations
    .filter((e) => e.feeSeen !== null && e.feeSeen < HARMLESS_FEE && !confiscatory.has(e.fn.selector))
    .map((e) => ({ selector: e.fn.selector, signature: input.signatureOf(e.fn.selector), bound: `highest fee measured ${Math.round(e.feeSeen! * 1000) / 10}%` }));
  const incomplete = input.explorations.filter((e) => e.exhausted).map((e) => `${e.fn.selector} ran out of its gas or step budget`);
  return { findings: list, boundedSetters, incomplete };
}

function authorityOf(input: CompileInput, gates: Gate[]): Authority {
  const gate = gates[0];
  if (!gate) return { kind: 'anyone', slot: null, getter: null, holder: null, holderType: 'unknown' };
  if (gate.kind === 'hardcoded') return { kind: 'hardcoded', slot: null, getter: null, holder: gate.address, holderType: holderType(input, gate.address) };
  if (gate.kind === 'role') return { kind: 'role_map', slot: hex(gate.key), getter: null, holder: null, holderType: 'unknown' };
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
  if (DEAD.has(holder.toLowerCase())) return 'nobody';
  const code = input.snapshot.code.get(holder.toLowerCase());
  if (code === undefined) return 'unknown';
  return code === '0x' ? 'eoa' : 'contract';
}

/** Powers that survive a renounced owner(): held through another slot, a role map or a constant. */
function hiddenOwner(input: CompileInput, findings: Finding[]): Finding[] {
  const owner = input.owner;
  if (!owner || owner.slot === null) return [];
  const ownerNow = addressIn(input.snapshot.storage.get(storageKey(input.token, owner.slot)) ?? 0n, owner.offset);
  if (!DEAD.has(ownerNow.toLowerCase())) return [];
  const survivors = findings.filter((f) => f.status === 'live' && f.authority.kind !== 'owner_slot' && f.authority.kind !== 'anyone');
  const first = survivors[0];
  if (!first) return [];
  return [{
    ...first,
    kind: 'hidden_owner',
    severity: KIND_RULES.hidden_owner.severity,
    evidence: `${owner.getter} returns ${ownerNow} (renounced), yet ${first.authority.kind} ${first.authority.holder ?? first.authority.slot} still holds ${first.signature ?? first.selector} (${first.kind}): ${first.evidence}`,
  }];
}

/** A function outside the owner's own gate that writes the owner slot: ownership can be taken back after a renounce. */
function ownershipTakers(input: CompileInput): Finding[] {
  const slot = input.owner?.slot;
  if (slot == null) return [];
  return input.explorations
    .filter((e) => e.writes.has(slot) && e.gates.length > 0 && !e.gates.some((g) => g.kind === 'slot' && g.slot === slot))
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

function evidenceOf(exercise: Exercise, authority: Authority, measured: string, signatureOf: (s: Hex) => string | null): string {
  const as = `as ${whoHolds(authority)}`;
  const call = `\`${signatureOf(exercise.selector) ?? exercise.selector}\` with (${exercise.choice.label.replace('victim', nameOf(exercise.choice.addresses[0]))})`;
  const setup = exercise.after ? ` after \`${signatureOf(exercise.after.selector) ?? exercise.after.selector}\`` : '';
  return `${as}: ${call}${setup}: ${measured}`;
}

function hex(value: bigint): Hex {
  return `0x${value.toString(16).padStart(64, '0')}`;
}

function gateRead(gate: NonNullable<Effect['gate']>): GateRead {
  return { slot: hex(gate.key), mapping: gate.mapping !== undefined ? { slot: hex(gate.mapping), keyedBy: 'holder' } : null, value: hex(gate.before), setTo: hex(gate.after) };
}

/** The measured effect, and the storage read that decided it: "…; decided by the holder's entry of the mapping at slot 0x9 (reads 0, this call wrote 1)". */
function gateWords(measured: string, gate: Effect['gate']): string {
  if (!gate) return measured;
  const where = gate.mapping !== undefined ? `the holder's entry of the mapping at slot 0x${gate.mapping.toString(16)}` : `storage slot 0x${gate.key.toString(16)}`;
  const text = (v: bigint): string => (v < 1n << 64n ? v.toString() : `0x${v.toString(16)}`);
  return `${measured}; decided by ${where} (reads ${text(gate.before)}, this call wrote ${text(gate.after)})`;
}

/** Who may call a power today, in words: "the owner (owner() = 0xf39F…, an EOA)". */
export function whoHolds(authority: Authority): string {
  const what = { eoa: 'an EOA', contract: 'a contract', nobody: 'renounced: nobody', unknown: 'code not read' }[authority.holderType];
  switch (authority.kind) {
    case 'anyone':
      return 'any caller';
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
  const state = BigInt(now) === 0n ? 'unset' : code === undefined ? 'its code not read' : code === '0x' ? 'no code there' : 'a contract';
  return `${effect.measured}: the address in storage slot 0x${effect.gate.key.toString(16)}, today ${now} (${state})`;
}
