import type { Address } from 'viem';
import { PROXY_SLOTS } from '../proxy-detector';
import type { FindingKind } from './findings';
import type { Observation, ReadLog, TransferOutcome } from './observation';
import { ACTORS } from './probe-world';

/** The proxy slots whose rewrite replaces the token's logic: EIP-1967's implementation and beacon, and ZeppelinOS's. */
const UPGRADE_SLOTS = [PROXY_SLOTS.eip1967, PROXY_SLOTS.eip1967_beacon, PROXY_SLOTS.zeppelinos].map(BigInt);

export interface Effect {
  kind: FindingKind;
  /** What was measured, in words: "totalSupply +1e21". */
  measured: string;
  fee?: number;
  /** The storage entry that decides the refusal this call causes or lifts: the value holders' paths read there before the call. */
  gate?: { key: bigint; before: bigint; after: bigint; mapping?: bigint };
  /** The probe holder's path this call let through where it reverted before. */
  lifts?: 'transfer' | 'spend' | 'sell';
}

export interface EffectInput {
  before: Observation;
  after: Observation;
  /**
   * The call set a number smaller than the probe's transfer: a limit it set may be what blocks the
   * transfer. A call that blocks it with a number as large as the transfer (or none) stopped it.
   */
  numeric: boolean;
  writes: Map<bigint, bigint>;
  selfdestructed: boolean;
  /** The call wrote an entry keyed by the probe holder it named (a list of chosen addresses). */
  keyedToHolder: boolean;
  /** The function takes a number: a refusal it lifts was a cap on amounts (a max transaction). */
  takesNumber: boolean;
}

/** Compares what holders saw before and after the privileged call, in the fixed vocabulary. */
export function effectsOf(input: EffectInput): { effects: Effect[]; feeSeen: number | null } {
  const effects: Effect[] = [];
  const { before, after } = input;
  // Balances kept by an outside contract: the one the call plugs in answers every holder's balance.
  const replacedLedger = after.victim.calledHook && !before.victim.calledHook && before.victim.calledOut;
  effects.push(
    ...ledgerEffects(before, after).map((e) =>
      replacedLedger
        ? { ...e, measured: `${e.measured} (the balances are kept by the contract this call replaces)` }
        : e,
    ),
  );
  const transfer = transferEffects(input);
  effects.push(...transfer.effects);
  if (input.selfdestructed) effects.push({ kind: 'selfdestruct', measured: 'the call ran SELFDESTRUCT' });
  if (UPGRADE_SLOTS.some((slot) => input.writes.has(slot)))
    effects.push({ kind: 'upgrade', measured: 'the call rewrote an EIP-1967 proxy slot' });
  // Once the logic is replaced, whatever the stand-in answers says nothing about this code.
  const upgrade = effects.find((e) => e.kind === 'upgrade');
  if (upgrade) return { effects: [upgrade], feeSeen: null };
  return { effects, feeSeen: transfer.feeSeen };
}

function ledgerEffects(before: Observation, after: Observation): Effect[] {
  const effects: Effect[] = [];
  if (before.supply !== null && after.supply !== null && after.supply > before.supply) {
    effects.push({ kind: 'mint', measured: `totalSupply +${after.supply - before.supply}` });
  }
  let up = 0n;
  let down = 0n;
  const changes: string[] = [];
  for (const [who, value] of after.balances) {
    const prior = before.balances.get(who);
    if (value === null || prior === null || prior === undefined || value === prior) continue;
    if (value > prior) up += value - prior;
    else down += prior - value;
    changes.push(`${nameOf(who)} ${value > prior ? '+' : '-'}${value > prior ? value - prior : prior - value}`);
  }
  if (up > down && effects.length === 0)
    effects.push({ kind: 'mint', measured: `balances ${changes.join(', ')} with no one debited` });
  if (before.allowance !== null && after.allowance !== null && after.allowance > before.allowance) {
    effects.push({
      kind: 'balance_seizure',
      measured: `probe victim's allowance to the authority's beneficiary ${before.allowance} -> ${after.allowance} without its approval: its tokens can be taken with transferFrom`,
    });
  }
  for (const victim of [ACTORS.victim, ACTORS.holder]) {
    const prior = before.balances.get(victim);
    const value = after.balances.get(victim);
    // A loss within a thousandth is a reflection ledger's rounding, not a seizure.
    if (prior != null && value != null && value < prior && prior - value > prior / 1000n) {
      effects.push({
        kind: 'balance_seizure',
        measured: `${nameOf(victim)}'s balance -${prior - value} without its approval`,
      });
      break;
    }
  }
  return effects;
}

function transferEffects(input: EffectInput): { effects: Effect[]; feeSeen: number | null } {
  const { before, after } = input;
  const effects: Effect[] = [];
  const victimFunded = (before.balances.get(ACTORS.victim) ?? 0n) > 0n;
  const gate = (part: string): Effect['gate'] => gateOf(before.parts.get(part), input.writes);
  // A refusal lifted for the holder the call named is a list of allowed senders; for everyone, a switch.
  const lifted: FindingKind = input.keyedToHolder
    ? 'whitelist_only'
    : input.takesNumber
      ? 'transfer_limit'
      : 'trading_switch';
  const whom = input.keyedToHolder ? 'the chosen holder' : 'a probe holder';
  // A refusal after a call out (a swap of collected fees into a router the engine does not run) is the engine's, not the token's.
  const refused = (o: TransferOutcome | null | undefined): boolean => !!o && !o.ok && !o.calledOut;
  if (!before.victim.ok) {
    if (victimFunded && after.victim.ok)
      effects.push({
        kind: lifted,
        measured: `${whom}'s transfer reverted before, succeeded after`,
        gate: gate('transfers'),
        lifts: 'transfer',
      });
    // Balances kept by an outside contract: the engine cannot fund the holder there, yet the stand-in it set answers every transfer.
    else if (after.victim.ok && after.victim.calledHook && !before.victim.calledHook && before.victim.calledOut) {
      effects.push({
        kind: 'external_transfer_hook',
        measured: 'balances and transfers are kept by an outside contract, and this call replaces it',
        gate: gate('transfers'),
      });
    }
    return { effects, feeSeen: null };
  }
  if (!after.victim.ok) {
    const kind: FindingKind = after.holder.ok ? 'blacklist' : input.numeric ? 'transfer_limit' : 'pause';
    const who = after.holder.ok ? 'the chosen holder' : 'every probe holder';
    effects.push({ kind, measured: `${who}'s transfer succeeded before, reverted after`, gate: gate('transfers') });
  } else if (before.victimSpent.ok && !after.victimSpent.ok) {
    const kind: FindingKind = after.holderSpent?.ok ? 'blacklist' : input.numeric ? 'transfer_limit' : 'pause';
    const who = after.holderSpent?.ok ? 'the chosen holder' : 'every probe holder';
    effects.push({
      kind,
      measured: `${who}'s tokens moved by an approved spender (the path of a DEX sell) before, reverted after`,
      gate: gate('spent'),
    });
  } else if (refused(before.victimSpent) && after.victimSpent.ok) {
    effects.push({
      kind: lifted,
      measured: `${whom}'s tokens moved by an approved spender (the path of a DEX sell) reverted before, succeeded after`,
      gate: gate('spent'),
      lifts: 'spend',
    });
  } else if (before.victimAgain.ok && !after.victimAgain.ok) {
    effects.push({
      kind: 'cooldown',
      measured: 'a second transfer in the same block reverted after, succeeded before',
      gate: gate('transfers'),
    });
  }
  if (after.victim.calledHook && !before.victim.calledHook) {
    // Transfers that wrote the token's storage and now write nothing are forwarded (the logic replaced);
    // transfers already kept by an outside contract (a ledger module) consult the one the call set.
    const forwarded = !after.victim.wroteStorage && before.victim.wroteStorage;
    effects.push({
      kind: forwarded ? 'upgrade' : 'external_transfer_hook',
      measured: forwarded ? 'transfers are forwarded to the address it set' : 'transfers call the contract it set',
      gate: gateOf(before.parts.get('transfers'), input.writes),
    });
  }
  // A sell that now reverts on its way into another contract (a swap-back the call set off, into a router
  // the engine does not hold) says nothing of the token: the token's own refusals revert before calling out.
  const newCall = (was: TransferOutcome | null | undefined, now: TransferOutcome): boolean =>
    now.callees.some((c) => !(was?.callees ?? []).includes(c));
  if (before.sell?.ok && after.sell && !after.sell.ok && after.victim.ok && !newCall(before.sell, after.sell)) {
    effects.push({
      kind: input.numeric ? 'transfer_limit' : 'trading_switch',
      measured: 'a sell into the pool succeeded before, reverted after',
      gate: gate('sell'),
    });
  }
  if (refused(before.sell) && after.sell?.ok && after.victim.ok) {
    effects.push({
      kind: lifted,
      measured: `${whom}'s sell into the pool reverted before, succeeded after`,
      gate: gate('sell'),
      lifts: 'sell',
    });
  }
  // A sender the call exempted credits the receiver without being debited: every transfer it makes mints.
  if ((after.victim.created ?? 0n) > 0n && !((before.victim.created ?? 0n) > 0n)) {
    effects.push({
      kind: 'mint',
      measured: `the chosen holder's transfer credited ${after.victim.created} more than it debited (tokens created on transfer)`,
    });
  }
  // A transfer that answers success and moves nothing is a refusal too: lifted for the holder the call named, or made for it alone.
  const moved = (o: TransferOutcome | null | undefined): boolean => !!o?.ok && o.kept !== null && o.kept > 0;
  const silent = (o: TransferOutcome | null | undefined): boolean => !!o?.ok && o.kept === 0;
  if (silent(before.victim) && moved(after.victim)) {
    effects.push({
      kind: lifted,
      measured: `${whom}'s transfer answered success and moved nothing before, moved tokens after`,
      gate: gate('transfers'),
      lifts: 'transfer',
    });
  } else if (silent(before.sell) && moved(after.sell)) {
    effects.push({
      kind: lifted,
      measured: `${whom}'s sell into the pool answered success and moved nothing before, moved tokens after`,
      gate: gate('sell'),
      lifts: 'sell',
    });
  }
  const singledOut = input.keyedToHolder && moved(before.victim) && silent(after.victim) && moved(after.holder);
  if (singledOut)
    effects.push({
      kind: 'blacklist',
      measured: "the chosen holder's transfer answered success and moved nothing after (another holder's still moved)",
      gate: gate('transfers'),
    });
  const feeSeen = singledOut
    ? 0
    : Math.max(feeOf(before.victim.kept, after.victim.kept), feeOf(before.sell?.kept, after.sell?.kept));
  if (feeSeen >= 0.5)
    effects.push({
      kind: 'confiscatory_fee',
      measured: `a holder kept ${pct(1 - feeSeen)} of a transfer`,
      fee: feeSeen,
    });
  return { effects, feeSeen: feeSeen > 0 ? feeSeen : null };
}

/** The key the call wrote that the refused (or now refused) path had read, latest read first: the gate it turned. */
function gateOf(read: ReadLog | undefined, writes: Map<bigint, bigint>): Effect['gate'] {
  if (!read) return undefined;
  const keys = [...read.keys()].filter((k) => writes.has(k));
  const key = keys[keys.length - 1];
  return key === undefined ? undefined : { key, before: read.get(key)!, after: writes.get(key)! };
}

/** The fee the call added: how much less of a transfer arrives now than before. */
function feeOf(before: number | null | undefined, after: number | null | undefined): number {
  if (before == null || after == null || after >= before) return 0;
  return Math.min(1, before - after + (1 - before));
}

export function pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}

export function nameOf(who: Address): string {
  const entry = Object.entries(ACTORS).find(([, a]) => a === who);
  return entry ? `probe ${entry[0]}` : who;
}
