import type { Address, Hex } from 'viem';
import { grant, SETTING_ON, unlock, zeroSetting, type Gate } from './authority';
import { argChoices, encodeCall, type ArgChoice } from './call-args';
import { effectsOf, type Effect } from './effects';
import type { ExecResult } from './evm-host';
import { derivedFrom } from './execution-tracer';
import { observe, PURCHASE, type Entry, type ObserveParams, type Observation } from './observation';
import {
  ACTORS,
  AMOUNT,
  budgetSpent,
  GENEROUS_HOOK_CODE,
  GREEDY_HOOK_CODE,
  HOOK_CODE,
  isPlainSlot,
  run,
  transferData,
  type ProbeWorld,
} from './probe-world';
import { flagOf } from './findings';
import type { FunctionInfo, StaticInfo } from './static-layer';

/** Zero slots an effectless call read that are tried, one at a time, as a rate or price of 1. */
const MAX_RATE_SLOTS = 3;

const UNISSUED = "the zero address's empty ledger entry funded (unissued supply)";

/** One privileged call that changed what holders see. */
export interface Exercise {
  selector: Hex;
  caller: Address;
  gates: Gate[];
  choice: ArgChoice;
  data: Hex;
  effects: Effect[];
  /** Set when the effect needed an earlier call first (two-step powers). */
  after?: { selector: Hex; data: Hex };
}

/** What one setting of a price gave a holder (wei for a sell-back, tokens for a purchase). */
interface Outcome {
  value: bigint;
  exercise: Omit<Exercise, 'effects'>;
}

/** Everything learned about one function: who may call it, what it did, what it reads. */
export interface Exploration {
  fn: FunctionInfo;
  caller: Address;
  gates: Gate[];
  /** Some generated call succeeded. */
  executed: boolean;
  exhausted: boolean;
  exercises: Exercise[];
  /** Highest fee measured through this function (a harmless setter keeps it low). */
  feeSeen: number | null;
  /** Where the fees it set went (accounts credited beside the receiver). */
  feeTo: Address[];
  /** Keys written by its successful calls, and read by its calls (for two-step pairing). */
  writes: Set<bigint>;
  reads: Set<bigint>;
  firstOk: { data: Hex } | null;
  /** What a holder's sell-back paid after each successful call (buy-back price setters). */
  payouts: Outcome[];
  /** Tokens a buyer received for PURCHASE wei after each successful call (sale price setters). */
  purchases: Outcome[];
  /** Plain slots the first successful call read as zero: settings the chain would have set at deployment. */
  unset: bigint[];
  /** Zero slots switched on so the call could run at all (see unlock). */
  settings: bigint[];
}

export interface ExploreContext {
  world: ProbeWorld;
  info: StaticInfo;
  /** The code the engine runs, lower-case hex: a hard-coded gate's address appears in it. */
  code: string;
  /** Storage keys of the stranger's own balance: never mistaken for a role entry. */
  ownLedger: Set<bigint>;
  baseline: Observation;
  pool: Address | null;
  amount: bigint;
  /** Sale functions taking ether, observed with the baseline (see ObserveParams). */
  entries: Entry[];
}

/** Unlocks the function, runs it with each generated argument set, and measures what changed. */
export async function explore(ctx: ExploreContext, fn: FunctionInfo): Promise<Exploration> {
  const { world } = ctx;
  const choices = argChoices({
    victim: ACTORS.victim,
    beneficiary: ACTORS.admin,
    hook: ACTORS.hook,
    amount: choiceAmount(ctx),
    types: fn.arguments,
  });
  const first = encodeCall(fn.selector, fn.arguments, choices[0]);
  const exploration: Exploration = {
    fn,
    caller: ACTORS.admin,
    gates: [],
    executed: false,
    exhausted: false,
    exercises: [],
    feeSeen: null,
    feeTo: [],
    writes: new Set(),
    reads: new Set(),
    firstOk: null,
    payouts: [],
    purchases: [],
    unset: [],
    settings: [],
  };
  if (!first) return exploration;
  await world.host.checkpoint();
  try {
    let unlocked = await unlock(world, {
      data: first,
      info: ctx.info,
      code: ctx.code,
      ownLedger: ctx.ownLedger,
      settable: world.settable,
    });
    // A number argument may be a loop count: unlock again with 1 before calling the function endless.
    const small = choices.find((c) => c.uint === 1n);
    const smallData = small && unlocked.result.exhausted ? encodeCall(fn.selector, fn.arguments, small) : null;
    if (smallData)
      unlocked = await unlock(world, {
        data: smallData,
        info: ctx.info,
        code: ctx.code,
        ownLedger: ctx.ownLedger,
        settable: world.settable,
      });
    Object.assign(exploration, {
      caller: unlocked.caller,
      gates: unlocked.gates,
      settings: unlocked.settings,
      exhausted: unlocked.result.exhausted,
    });
    unlocked.result.trace.reads.forEach((r) => exploration.reads.add(r.key));
    const local = await rebaseline(ctx, unlocked.gates, unlocked.settings);
    for (const base of choices) {
      const notes = [
        ...(unlocked.settings.length ? [settingsLabel(unlocked.settings)] : []),
        ...(unlocked.unissued ? [UNISSUED] : []),
      ];
      const choice = notes.length ? { ...base, label: [base.label, ...notes].join('; ') } : base;
      if (budgetSpent(world)) break;
      const data = encodeCall(fn.selector, fn.arguments, choice);
      if (data) await exercise(local, exploration, { choice, data });
    }
    const ceiling =
      exploration.writes.size > 0 && [...exploration.writes].some((k) => local.baseline.keysRead.has(k))
        ? await highestAccepted(local, exploration, choices)
        : null;
    if (ceiling && !budgetSpent(world)) await exercise(local, exploration, ceiling);
    if (exploration.exercises.length === 0 && exploration.writes.size > 0 && exploration.unset.length > 0)
      await retryWithSettings(local, exploration, choices[0]);
    // Endless with some arguments, yet run to the end with others: covered.
    if (exploration.executed) exploration.exhausted = false;
    const payout = priceSpread(
      exploration.payouts,
      (low, high) => `a holder's sell-back paid ${low} wei, against ${high} wei under another setting`,
    );
    const purchase = priceSpread(
      exploration.purchases,
      (low, high) => `a buyer received ${low} tokens for ${PURCHASE} wei, against ${high} under another setting`,
    );
    for (const spread of [payout, purchase])
      if (spread) exploration.exercises.push({ ...spread.exercise, effects: [spread.effect] });
  } finally {
    await world.host.revert();
  }
  return exploration;
}

/** `ownState`: run under a slot set for this call alone, so what a sale or sell-back gave is not a price to compare with the others'. */
async function exercise(
  ctx: ExploreContext,
  exploration: Exploration,
  call: { choice: ArgChoice; data: Hex; ownState?: boolean },
): Promise<void> {
  const { world } = ctx;
  await world.host.checkpoint();
  try {
    const first = await run(world, exploration.caller, call.data);
    first.trace.reads.forEach((r) => exploration.reads.add(r.key));
    if (!first.ok) return;
    exploration.executed = true;
    if (!exploration.firstOk) {
      exploration.firstOk = { data: call.data };
      exploration.unset = [
        ...new Set(first.trace.reads.filter((r) => r.value === 0n && isPlainSlot(r.key)).map((r) => r.key)),
      ];
    }
    const { result, choice } = await unblockIdle(ctx, exploration, { ...call, result: first });
    result.trace.writes.forEach((_, key) => exploration.writes.add(key));
    const params = { result, ...numberOf(exploration.fn, choice, ctx.amount) };
    const effects = await measure(ctx, params);
    if (effects.list.some((e) => e.kind === 'external_transfer_hook'))
      effects.list.push(...(await pluggedPowers(ctx, params, effects.list)));
    const base = {
      selector: exploration.fn.selector,
      caller: exploration.caller,
      gates: exploration.gates,
      choice,
      data: call.data,
    };
    if (effects.payout !== null && !call.ownState) exploration.payouts.push({ value: effects.payout, exercise: base });
    if (effects.received !== null && !call.ownState)
      exploration.purchases.push({ value: effects.received, exercise: base });
    if (effects.fee !== null) exploration.feeSeen = Math.max(exploration.feeSeen ?? 0, effects.fee);
    for (const to of effects.feeTo) if (!exploration.feeTo.includes(to)) exploration.feeTo.push(to);
    if (effects.list.length) {
      exploration.exercises.push({ ...base, effects: effects.list });
    }
  } finally {
    await world.host.revert();
  }
}

/** What another contract plugged in could do, by the stand-in that shows it (see pluggedPowers). */
const PLUGGED: { code: Hex; kind: Effect['kind']; words: string }[] = [
  { code: GREEDY_HOOK_CODE, kind: 'confiscatory_fee', words: 'once the contract it set quotes the whole amount' },
  { code: GENEROUS_HOOK_CODE, kind: 'mint', words: 'once the contract it set answers a large number' },
];

/**
 * A call that plugs a contract into every transfer: what the one plugged in could do. The stand-in is
 * swapped for one that asks for the whole amount (a fee the token takes as quoted is confiscatory) and
 * for one that answers a large number (a balance or credit the token takes as answered creates tokens).
 */
async function pluggedPowers(
  ctx: ExploreContext,
  params: Parameters<typeof measure>[1],
  have: Effect[],
): Promise<Effect[]> {
  const { host } = ctx.world;
  const found: Effect[] = [];
  for (const plugged of PLUGGED.filter((p) => !have.some((e) => e.kind === p.kind))) {
    await host.setCode(ACTORS.hook, plugged.code);
    try {
      const effects = (await measure(ctx, params)).list.filter((e) => e.kind === plugged.kind);
      found.push(...effects.slice(0, 1).map((e) => ({ ...e, measured: `${e.measured}, ${plugged.words}` })));
    } finally {
      await host.setCode(ACTORS.hook, HOOK_CODE);
    }
  }
  return found;
}

/**
 * A gated call that ran to the end and wrote nothing did nothing: when it read a zero deployment
 * setting that holders' transfers never read (a quota per kind of allocation that a constructor
 * fills, not a pause flag), that setting is switched on and the call run again; the second run
 * stands only when it wrote something.
 */
async function unblockIdle(
  ctx: ExploreContext,
  exploration: Exploration,
  call: { choice: ArgChoice; data: Hex; result: ExecResult },
): Promise<{ result: ExecResult; choice: ArgChoice }> {
  const { world } = ctx;
  const unchanged = { result: call.result, choice: call.choice };
  const trace = call.result.trace;
  if (exploration.gates.length === 0 || trace.writes.size > 0 || trace.selfdestruct || trace.calls.length > 0)
    return unchanged;
  const key = zeroSetting(trace, {
    ownLedger: ctx.ownLedger,
    settable: (k) => world.settable(k) && !ctx.baseline.keysRead.has(k),
  });
  if (key === null) return unchanged;
  await world.host.setStorage(world.token, key, SETTING_ON);
  const result = await run(world, exploration.caller, call.data);
  if (result.ok && result.trace.writes.size > 0)
    return { result, choice: { ...call.choice, label: `${call.choice.label}; ${settingsLabel([key])}` } };
  await world.host.setStorage(world.token, key, 0n);
  return unchanged;
}

/**
 * A call that succeeded, wrote storage and changed nothing holders see may have multiplied by a rate
 * or price the empty state leaves at zero (a deployment would have set it). For each such zero slot
 * it read: set it to 1, switch on whatever zero setting then blocks the call (a cap), observe the
 * holders again under those settings and run the call once more.
 */
async function retryWithSettings(ctx: ExploreContext, exploration: Exploration, choice: ArgChoice): Promise<void> {
  const { world } = ctx;
  const data = encodeCall(exploration.fn.selector, exploration.fn.arguments, choice);
  if (!data) return;
  for (const slot of exploration.unset.filter(world.settable).slice(0, MAX_RATE_SLOTS)) {
    if (budgetSpent(world)) return;
    await world.host.checkpoint();
    try {
      await world.host.setStorage(world.token, slot, 1n);
      const unlocked = await unlock(world, {
        data,
        info: ctx.info,
        code: ctx.code,
        ownLedger: ctx.ownLedger,
        settable: world.settable,
        caller: exploration.caller,
        rounds: 3,
      });
      if (!unlocked.result.ok || unlocked.gates.length > 0) continue;
      const local = { ...ctx, baseline: await observe(world, observeParams(ctx)) };
      const label = `${choice.label}; slot 0x${slot.toString(16)} set to 1${unlocked.settings.length ? `, ${settingsLabel(unlocked.settings)}` : ''}`;
      await exercise(local, exploration, { choice: { ...choice, label }, data, ownState: true });
    } finally {
      await world.host.revert();
    }
    if (exploration.exercises.length > 0) return;
  }
}

/** How a call at a setter's ceiling is labelled (see highestAccepted). */
export const CEILING_LABEL = 'the highest it accepts';

/** Bisection steps spent finding the highest number a setter accepts. */
const CEILING_STEPS = 24;

/**
 * The highest number a setter takes with holders' transfers still going through: its own cap ("fee
 * cannot exceed 90 %"), or where an uncapped fee starts to break transfers (fees summing past 100 %).
 * Bisected between the largest generated number that passed and the smallest larger one that did
 * not (geometrically while the two are far apart). What the setter does there is what the
 * authority can do: a fee setter is judged at its ceiling, not at the few numbers generated.
 */
async function highestAccepted(
  ctx: ExploreContext,
  exploration: Exploration,
  choices: ArgChoice[],
): Promise<{ choice: ArgChoice; data: Hex } | null> {
  const { world } = ctx;
  const { fn, caller } = exploration;
  if (!/u?int/.test(fn.arguments)) return null;
  const runs = async (uint: bigint): Promise<{ ok: boolean; data: Hex | null; choice: ArgChoice }> => {
    const choice = { ...choices[0], uint, label: `victim, ${uint} (${CEILING_LABEL})` };
    const data = encodeCall(fn.selector, fn.arguments, choice);
    if (!data) return { ok: false, data, choice };
    await world.host.checkpoint();
    try {
      if (!(await run(world, caller, data)).ok) return { ok: false, data, choice };
      const transfers = (await run(world, ACTORS.victim, transferData(ACTORS.recipient, ctx.amount))).ok;
      const sells = !ctx.pool || (await run(world, ACTORS.victim, transferData(ctx.pool, ctx.amount))).ok;
      return { ok: transfers && sells, data, choice };
    } finally {
      await world.host.revert();
    }
  };
  const numbers = [...new Set(choices.map((c) => c.uint))].sort((a, b) => (a < b ? -1 : 1));
  let lo: bigint | null = null;
  let hi: bigint | null = null;
  for (const n of numbers) {
    if ((await runs(n)).ok) lo = n;
    else if (lo !== null) {
      hi = n;
      break;
    }
  }
  if (lo === null || hi === null || lo === 0n) return null;
  let [low, high]: bigint[] = [lo, hi];
  for (let step = 0; step < CEILING_STEPS && high - low > 1n; step++) {
    const mid: bigint = high / low > 4n ? sqrt(low * high) : (low + high) / 2n;
    if ((await runs(mid)).ok) low = mid;
    else high = mid;
  }
  if (numbers.includes(low)) return null;
  const best = await runs(low);
  return best.ok && best.data ? { choice: best.choice, data: best.data } : null;
}

function sqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (x * x > n) x--;
  while ((x + 1n) * (x + 1n) <= n) x++;
  return x;
}

/**
 * The amount generated calls pass: AMOUNT, or on a deployed token (its supply read from the chain)
 * the probe's transfer, so a call that moves a holder's tokens stays within what the holder has.
 */
function choiceAmount(ctx: ExploreContext): bigint {
  return ctx.world.supply !== undefined ? ctx.amount : AMOUNT;
}

/** How a call's number reads (see EffectInput): it takes one, and the one it passes is below the probe's transfer. */
function numberOf(fn: FunctionInfo, choice: ArgChoice, amount: bigint): { numeric: boolean; takesNumber: boolean } {
  const takesNumber = /int/.test(fn.arguments);
  return { numeric: takesNumber && choice.uint < amount, takesNumber };
}

/** A switched-on entry keyed by the chosen holder (see unlock), rather than a declared variable. */
function isListing(key: bigint): boolean {
  return !isPlainSlot(key);
}

function settingsLabel(settings: bigint[]): string {
  const plain = settings.filter((k) => !isListing(k));
  const listed = settings.filter(isListing);
  const words = [
    ...(plain.length
      ? [
          `unset deployment setting${plain.length > 1 ? 's' : ''} ${plain.map((k) => `0x${k.toString(16)}`).join(', ')} switched on`,
        ]
      : []),
    ...(listed.length
      ? [
          `the chosen holder listed first (entr${listed.length > 1 ? 'ies' : 'y'} ${listed.map((k) => `0x${k.toString(16)}`).join(', ')} switched on)`,
        ]
      : []),
  ];
  return words.join('; ');
}

/** Observes holders again after a successful call; skipped when it wrote nothing the holders' paths read. */
export async function measure(
  ctx: ExploreContext,
  params: { result: ExecResult; numeric: boolean; takesNumber: boolean; setup?: ExecResult },
): Promise<{ list: Effect[]; fee: number | null; payout: bigint | null; received: bigint | null; feeTo: Address[] }> {
  const { result } = params;
  const changed = new Set([...(params.setup?.trace.writes.keys() ?? []), ...result.trace.writes.keys()]);
  const etherMoved = result.trace.calls.length > 0 || (params.setup?.trace.calls.length ?? 0) > 0;
  const touches =
    [...changed].some((key) => ctx.baseline.keysRead.has(key)) ||
    (etherMoved && (ctx.baseline.exit !== null || ctx.baseline.entry !== null));
  if (!touches && !result.trace.selfdestruct && changed.size === 0)
    return { list: [], fee: null, payout: null, received: null, feeTo: [] };
  const after = touches
    ? await observe(ctx.world, observeParams(ctx), { prior: ctx.baseline, changed, etherMoved })
    : ctx.baseline;
  const writes = new Map([...(params.setup?.trace.writes ?? []), ...result.trace.writes]);
  const victim = BigInt(ACTORS.victim);
  const keyedToHolder = [params.setup?.trace, result.trace].some(
    (t) => t && [...t.writes.keys()].some((k) => !isPlainSlot(k) && derivedFrom(t, k, victim)),
  );
  const { effects, feeSeen } = effectsOf({
    before: ctx.baseline,
    after,
    numeric: params.numeric,
    writes,
    selfdestructed: result.trace.selfdestruct,
    keyedToHolder,
    takesNumber: params.takesNumber,
  });
  for (const effect of effects) {
    // The mapping a holder-keyed gate sits in: its base slot is the other word hashed with the holder.
    const words =
      effect.gate &&
      [params.setup?.trace, result.trace]
        .map((t) => t?.preimages.get(effect.gate!.key))
        .find((w) => w?.length === 2 && w[0] === victim);
    if (effect.gate && words) effect.gate.mapping = words[1];
  }
  const feeTo = feeSeen !== null ? [...new Set([...(after.victim.feeTo ?? []), ...(after.sell?.feeTo ?? [])])] : [];
  return {
    list: effects,
    fee: feeSeen,
    payout: after.exit?.payout ?? null,
    received: after.entry?.received ?? null,
    feeTo,
  };
}

/** Granting an authority can itself change what holders see (it wrote a key they read): observe again. */
async function rebaseline(ctx: ExploreContext, gates: Gate[], settings: bigint[] = []): Promise<ExploreContext> {
  const keys = new Set([
    ...gates.flatMap((g) => (g.kind === 'slot' ? [g.slot] : g.kind === 'role' ? [g.key] : [])),
    ...settings,
  ]);
  if (![...keys].some((k) => ctx.baseline.keysRead.has(k))) return ctx;
  const since = { prior: ctx.baseline, changed: keys, etherMoved: false };
  return { ...ctx, baseline: await observe(ctx.world, observeParams(ctx), since) };
}

/** A price the authority sets: one setting gives the holder something, another half of it or less. */
function priceSpread(
  outcomes: Outcome[],
  words: (low: bigint, high: bigint) => string,
): { exercise: Omit<Exercise, 'effects'>; effect: Effect } | null {
  if (outcomes.length < 2) return null;
  const sorted = [...outcomes].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const low = sorted[0];
  const high = sorted[sorted.length - 1];
  if (high.value <= 0n || low.value < 0n || low.value * 2n > high.value) return null;
  const kept = Number((low.value * 1000n) / high.value) / 1000;
  return {
    exercise: low.exercise,
    effect: { kind: 'confiscatory_fee', measured: words(low.value, high.value), fee: 1 - kept },
  };
}

/** What observe needs besides the world: the pool and the ways in and out found before the baseline. */
function observeParams(ctx: ExploreContext): ObserveParams {
  return { pool: ctx.pool, amount: ctx.amount, exit: ctx.baseline.exit, entries: ctx.entries };
}

/**
 * Two-step powers (list an address, then destroy its funds): for a function that did nothing
 * alone, first run each function that wrote a key it reads, then run it again.
 */
export async function exploreSequences(
  ctx: ExploreContext,
  explorations: Exploration[],
  limit: number,
): Promise<Exercise[]> {
  const found: Exercise[] = [];
  // A function measured only with the holder listed beforehand is paired too: the function that
  // lists it, when one does, names the first step better than the switched-on entry.
  const idle = explorations.filter(
    (e) => (e.exercises.length === 0 || e.settings.some(isListing)) && !e.exhausted && e.reads.size > 0,
  );
  const setters = explorations.filter((e) => e.firstOk && e.writes.size > 0);
  let tried = 0;
  for (const second of idle) {
    for (const first of setters) {
      if (first === second || ![...first.writes].some((k) => second.reads.has(k))) continue;
      if (tried++ >= limit || budgetSpent(ctx.world)) return found;
      const exercise = await runPair(ctx, first, second);
      if (exercise) {
        found.push(exercise);
        break;
      }
    }
  }
  return found;
}

async function runPair(ctx: ExploreContext, first: Exploration, second: Exploration): Promise<Exercise | null> {
  const { world } = ctx;
  await world.host.checkpoint();
  try {
    for (const gate of first.gates) await grant(world, gate, first.caller);
    for (const gate of second.gates) await grant(world, gate, second.caller);
    const settings = [...first.settings, ...second.settings].filter((key) => !isListing(key));
    for (const key of settings) await world.host.setStorage(world.token, key, SETTING_ON);
    const local = await rebaseline(ctx, [...first.gates, ...second.gates], settings);
    const setup = await run(world, first.caller, first.firstOk!.data);
    if (!setup.ok) return null;
    const choice = argChoices({
      victim: ACTORS.victim,
      beneficiary: ACTORS.admin,
      hook: ACTORS.hook,
      amount: choiceAmount(ctx),
      types: second.fn.arguments,
    })[0];
    const data = encodeCall(second.fn.selector, second.fn.arguments, choice);
    if (!data) return null;
    const result = await run(world, second.caller, data);
    if (!result.ok) return null;
    // What the first call does alone (a pause stops every transfer) is not the pair's doing.
    const alone = new Set(first.exercises.flatMap((e) => e.effects.map((x) => flagOf(x.kind))));
    const effects = (await measure(local, { result, setup, ...numberOf(second.fn, choice, ctx.amount) })).list.filter(
      (e) => !alone.has(flagOf(e.kind)),
    );
    if (!effects.length) return null;
    return {
      selector: second.fn.selector,
      caller: second.caller,
      gates: second.gates,
      choice,
      data,
      effects,
      after: { selector: first.fn.selector, data: first.firstOk!.data },
    };
  } finally {
    await world.host.revert();
  }
}
