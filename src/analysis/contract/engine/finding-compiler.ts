import type { Address, Hex } from 'viem';
import { addressIn, type Gate } from './authority';
import { storageKey, type StateSnapshot } from './chain-state';
import type { Exercise, Exploration } from './function-explorer';
import { KIND_RULES, type Authority, type BoundedSetter, type Finding } from './findings';
import { nameOf } from './effects';

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
        evidence: evidenceOf(exercise, authority, effect.measured, input.signatureOf),
        ...(effect.fee !== undefined ? { measuredFee: effect.fee } : {}),
      });
    }
  }
  // A function that stopped transfers even with a number as large as the transfer sets no cap: its pause is the finding.
  const pauses = new Set([...findings.values()].filter((f) => f.kind === 'pause').map((f) => f.selector));
  const list = [...findings.values()].filter((f) => f.kind !== 'transfer_limit' || !pauses.has(f.selector));
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
        evidence: `as the authority: \`${input.signatureOf(e.fn.selector) ?? e.fn.selector}\` with (generated arguments): wrote the slot ${input.owner!.getter} reads: ownership can be taken back by a holder of another gate`,
      };
    });
}

function evidenceOf(exercise: Exercise, authority: Authority, measured: string, signatureOf: (s: Hex) => string | null): string {
  const as = authority.kind === 'anyone' ? 'as any caller' : `as ${authority.kind === 'hardcoded' ? authority.holder : 'the authority'}`;
  const call = `\`${signatureOf(exercise.selector) ?? exercise.selector}\` with (${exercise.choice.label.replace('victim', nameOf(exercise.choice.addresses[0]))})`;
  const setup = exercise.after ? ` after \`${signatureOf(exercise.after.selector) ?? exercise.after.selector}\`` : '';
  return `${as}: ${call}${setup}: ${measured}`;
}

function hex(value: bigint): Hex {
  return `0x${value.toString(16).padStart(64, '0')}`;
}
