import { concat, encodeAbiParameters, getAddress, toHex, type Address, type Hex } from 'viem';
import {
  callKey,
  emptySnapshot,
  mergeSnapshot,
  storageKey,
  type ChainStateReader,
  type StateSnapshot,
} from './chain-state';
import { defaultEngineRuntime, type EngineRuntime } from './engine-runtime';
import { EvmHost, type ExecResult } from './evm-host';
import { environmentDependence, environmentFindings, type EnvironmentDependence } from './environment';
import { derivedFrom } from './execution-tracer';
import { explore, exploreSequences, type Exercise, type Exploration, type ExploreContext } from './function-explorer';
import {
  flagOf,
  KIND_RULES,
  type Finding,
  type FindingKind,
  type PowerAnalysis,
  type PowerRef,
  type Tradability,
} from './findings';
import { compileFindings, type FeeToday, type OwnerRef } from './finding-compiler';
import { observe, type Observation } from './observation';
import {
  ACTORS,
  balanceOf,
  budgetSpent,
  fund,
  fundSupply,
  HOOK_CODE,
  isPlainSlot,
  run,
  SEL,
  SETTING_ON,
  transferData,
  tryRun,
  withAddress,
  word,
  type ProbeWorld,
} from './probe-world';
import { addressIn, grant, offsetOf, withAddressAt } from './authority';
import { functionsOf, plainSlots, type FunctionInfo, type StaticInfo } from './static-layer';
import { openSale, sellBack, transferAmount, type Entry } from './observation';

/** Reads after the first: the misses, then the slots of the outside contracts those made runnable. */
const MAX_EXTRA_READS = 2;

/** Budgets per scan: executions across all functions, loop steps per call, two-step pairs tried. */
export interface EngineLimits {
  readonly executions: number;
  readonly stepsPerCall: number;
  /**
   * The work all calls of a pass may do together, in jump destinations reached and call frames
   * opened. Deterministic, unlike a clock: it stops the few codes whose calls loop to their own budget
   * over storage or over calls out (3 to 9 s of CPU each), so a scan answers within its deadline.
   */
  readonly pass: { readonly steps: number; readonly frames: number };
  readonly pairs: number;
}

/** The scan's budgets; frozen, so a test or bench wanting others passes its own to analyzePowers. */
export const ENGINE_LIMITS: EngineLimits = Object.freeze({
  executions: 1_500,
  stepsPerCall: 3_000,
  pass: Object.freeze({ steps: 60_000, frames: 5_000 }),
  pairs: 40,
});

/** What analyzePowers runs with besides the token: the runtime it shares with other scans, and its budgets. */
export interface EngineOptions {
  runtime?: EngineRuntime;
  limits?: EngineLimits;
}

const BURN: Hex = '0x42966c68';

/** Standard functions a holder calls on their own tokens: never an owner power in themselves. */
const HOLDER_FUNCTIONS = new Set<Hex>([
  SEL.transfer,
  SEL.approve,
  '0x39509351', // increaseAllowance
  '0xa457c2d7', // decreaseAllowance
  '0xd505accf', // permit
  '0x5c19a95c', // delegate
  '0xc3cda520', // delegateBySig
  '0xf2fde38b', // transferOwnership
  '0x715018a6', // renounceOwnership
  '0x79ba5097', // acceptOwnership
]);

export interface PowerRequest {
  token: Address;
  /** Runtime code at the token address. */
  code: Hex;
  /** The implementation behind a proxy: its functions are the token's. */
  logic: { address: Address; code: Hex } | null;
  /** eth_calls answering a pool address (`factory.getPair(token, quote)`), read in the first batch; the first pool found takes the sells. */
  poolQueries: { to: Address; data: Hex }[];
  reader: ChainStateReader;
  signatureOf: (selector: Hex) => string | null;
}

interface Pass {
  explorations: Exploration[];
  sequences: Awaited<ReturnType<typeof exploreSequences>>;
  world: ProbeWorld;
  owner: OwnerRef | null;
  misses: Set<string>;
  ledgerNotes: string[];
  hasTotalSupply: boolean;
  transferReturnsBool: boolean | null;
  skipped: FunctionInfo[];
  /** Contracts a holder's transfer, sell or spend called in the baseline (not the engine's own stand-in). */
  callees: Address[];
  /** Accounts a holder's plain transfer called (or checked for code) in the baseline. */
  transferCallees: Address[];
  /** A holder's path was refused after calling another contract: that contract's own slots are worth a read. */
  refusedOutside: boolean;
  fees: FeeToday;
  /** A probe holder's transfer went through in the state read (null: no holder funded); the launch's selectors when it did not. */
  openBefore: boolean | null;
  launch: Hex[];
  /** A holder's paths whose outcome changed with the block or transaction around them. */
  environment: EnvironmentDependence[];
}

/**
 * Finds owner powers by running the token's own code: discovers the ledger, unlocks each
 * non-standard function's caller check, runs it with generated arguments (alone and after the
 * function that arms it) and compares holders' balances and transfers with the baseline.
 */
export async function analyzePowers(request: PowerRequest, options: EngineOptions = {}): Promise<PowerAnalysis> {
  const started = process.cpuUsage();
  const engine = { runtime: options.runtime ?? defaultEngineRuntime(), limits: options.limits ?? ENGINE_LIMITS };
  const logicCode = request.logic?.code ?? request.code;
  // The layout is read once the state shows a token with state (see StorageLayoutCache): the lowest slots first.
  let info: StaticInfo = { functions: functionsOf(logicCode), storage: null };
  const snapshot = emptySnapshot();
  snapshot.code.set(request.token.toLowerCase(), request.code);
  if (request.logic) snapshot.code.set(request.logic.address.toLowerCase(), request.logic.code);
  const storage = plainSlots(info).map((slot) => ({ address: request.token, slot: toHex(slot) }));
  mergeSnapshot(snapshot, await request.reader.read({ storage, code: [], balance: [], calls: request.poolQueries }));
  const withLayout = async (): Promise<void> => {
    if (!info.storage && !bareState(snapshot, request.token))
      info = { ...info, storage: await engine.runtime.layouts.layout(logicCode) };
  };
  await withLayout();
  const pool = firstPool(snapshot, request.poolQueries);
  let roundTrips = 1;
  let pass = await runPass({ request, info, snapshot, pool, engine });
  // Then what the runs missed: slots, the gates' holders' code, and the code of contracts a holder's
  // transfer calls (a guard, a ledger kept outside); once, and once more for those contracts' own slots.
  let outside: Address[] = [];
  for (let read = 0; read < MAX_EXTRA_READS; read++) {
    const code = [...new Set([...holdersOf(pass, snapshot), ...pass.callees])].filter(
      (a) => !snapshot.code.has(a.toLowerCase()),
    );
    // The read after the misses is for the outside contracts' own slots only.
    const misses = [...pass.misses].filter(
      (key) => !snapshot.storage.has(key) && (read === 0 || outside.some((a) => key.startsWith(a.toLowerCase()))),
    );
    if (misses.length === 0 && (read > 0 || code.length === 0)) break;
    const fetched = await request.reader.read({ storage: misses.map(parseKey), code, balance: [] });
    roundTrips++;
    const calledWithCode = pass.callees.filter((a) => (fetched.code.get(a.toLowerCase()) ?? '0x') !== '0x');
    outside = pass.refusedOutside ? calledWithCode : [];
    const changed = [...fetched.storage.values()].some((v) => v !== 0n) || calledWithCode.length > 0;
    mergeSnapshot(snapshot, fetched);
    if (!changed) break;
    await withLayout();
    pass = await runPass({ request, info, snapshot, pool, engine });
  }
  const cpu = process.cpuUsage(started);
  const compiled = compileFindings({
    explorations: pass.explorations,
    sequences: pass.sequences,
    snapshot,
    token: request.token,
    owner: pass.owner,
    signatureOf: request.signatureOf,
    fees: pass.fees,
  });
  const findings = [
    ...compiled.findings,
    ...missingDependencies(pass, snapshot, compiled.findings),
    ...environmentFindings(pass.environment),
  ];
  const trading = tradabilityOf(pass, findings);
  const incomplete = [...compiled.incomplete];
  if (pass.skipped.length)
    incomplete.push(`execution budget spent before ${pass.skipped.map((f) => f.selector).join(', ')}`);
  else if (pass.world.host.spent)
    incomplete.push(
      `work budget spent (${engine.limits.pass.steps} steps or ${engine.limits.pass.frames} call frames across calls): the last calls were cut short`,
    );
  return {
    findings,
    trading,
    boundedSetters: compiled.boundedSetters,
    incomplete,
    ledger: {
      style: ledgerStyle(pass),
      hasTotalSupply: pass.hasTotalSupply,
      transferReturnsBool: pass.transferReturnsBool,
      notes: pass.ledgerNotes,
    },
    stats: {
      functions: info.functions.length,
      executions: pass.world.executions.count,
      ...pass.world.host.work,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      roundTrips,
    },
  };
}

async function runPass(params: {
  request: PowerRequest;
  info: StaticInfo;
  snapshot: StateSnapshot;
  pool: Address | null;
  engine: Required<EngineOptions>;
}): Promise<Pass> {
  const { request, info, snapshot, pool } = params;
  const { runtime, limits } = params.engine;
  const host = await EvmHost.create({
    snapshot,
    block: request.reader.block(),
    stepBudget: limits.stepsPerCall,
    passBudget: limits.pass,
    runtime,
  });
  await host.setCode(ACTORS.hook, HOOK_CODE);
  const world: ProbeWorld = {
    host,
    token: request.token,
    hasTotalSupply: false,
    settable: settableSlots(info),
    executions: { count: 0, limit: limits.executions },
  };
  const notes: string[] = [];
  // The chain's own supply (a bare state reads zero and gets one below): probe holders stay within it.
  const chainSupply = word(await run(world, ACTORS.admin, SEL.totalSupply));
  if (chainSupply !== null && chainSupply > 0n) world.supply = chainSupply;
  const supply = await fundSupply(world);
  world.hasTotalSupply = supply !== null;
  if (!world.hasTotalSupply) notes.push('non-standard: no totalSupply()');
  const owner = await ownerSlot(world);
  const victim = await fund(world, ACTORS.victim);
  await fund(world, ACTORS.holder);
  if (victim.balance === 0n)
    notes.push('no ledger entry could be found for a probe holder: balance effects not measured');
  const probeAmount = transferAmount(victim.balance > 0n ? victim.balance : 10n ** 21n);
  if (pool && (await settleFees(world, pool, probeAmount))) {
    notes.push(
      'a sell swaps the fees the contract collected through a router the engine does not run: analysed with them swapped out',
    );
  }
  const amount = await passableAmount(world, pool, probeAmount);
  const exit = await findExit(world, info, amount);
  const entries = await findEntries(world, info);
  const baseline = await observe(world, { pool, amount, exit, entries });
  let observed = baseline;
  const ownLedger = new Set(
    (await run(world, ACTORS.admin, withAddress(SEL.balanceOf, ACTORS.admin))).trace.reads.map((r) => r.key),
  );
  const code = (request.logic?.code ?? request.code).toLowerCase();
  const ctx: ExploreContext = { world, info, baseline, pool, amount, code, ownLedger, entries };
  let { explorations, skipped } = await exploreAll(ctx);
  let sequences = await exploreSequences(ctx, explorations, limits.pairs);
  const launch = !baseline.victim.ok && victim.balance > 0n ? await findLaunch(ctx, explorations, sequences) : null;
  if (launch) {
    // Analysed again from the launched state: what a holder meets once trading is open.
    await applyWrites(world, launch.writes);
    world.executions.limit += limits.executions / 2;
    const launched: ExploreContext = { ...ctx, baseline: await observe(world, { pool, amount, exit, entries }) };
    observed = launched.baseline;
    // Powers used before the launch stay found (a sale token mints until the call that also opens
    // transfers); what they did to transfers is measured again from the launched state.
    const beforeLaunch = explorations
      .flatMap((e) => e.exercises)
      .map((x) => ({ ...x, effects: x.effects.filter((f) => flagOf(f.kind) !== 'limit') }))
      .filter((x) => x.effects.length > 0);
    ({ explorations, skipped } = await exploreAll(launched));
    sequences = [
      ...launch.exercises,
      ...(await exploreSequences(launched, explorations, limits.pairs)),
      ...beforeLaunch,
    ];
    notes.push(
      `not yet tradable: a probe holder's transfer reverted until ${launch.exercises.map((e) => e.selector).join(' then ')}; analysed from the launched state`,
    );
  }
  const environment = await environmentDependence(world, { pool, amount });
  const transfer = await run(world, ACTORS.victim, `${SEL.transfer}${'0'.repeat(128)}`);
  const paths = [observed.victim, observed.sell, observed.victimSpent];
  // The contracts the holder's paths called before a launch too: a "launch" that plugged the stand-in
  // in where a contract had not been read yet is no launch, and that contract is read next.
  const callees = outsideAccounts(
    [...paths, ...(launch ? [baseline.victim, baseline.sell, baseline.victimSpent] : [])].flatMap(
      (o) => o?.callees ?? [],
    ),
    [ACTORS.hook],
  );
  return {
    explorations,
    sequences,
    world,
    owner,
    skipped,
    misses: new Set(host.misses),
    callees,
    fees: feesOf(observed),
    refusedOutside: paths.some((o) => o && !o.ok && o.callees.length > 0),
    // Not the transfer's own parties (ERC223 asks whether the receiver is a contract) nor the engine's cast.
    transferCallees: outsideAccounts(observed.victim.callees, [...Object.values(ACTORS), request.token]),
    ledgerNotes: notes,
    hasTotalSupply: world.hasTotalSupply,
    transferReturnsBool: transfer.ok ? transfer.returnData.length >= 32 : null,
    openBefore: victim.balance > 0n ? baseline.victim.ok : null,
    launch: launch?.exercises.map((x) => x.selector) ?? [],
    environment,
  };
}

/** Kinds that stop every holder at once: what can close trading again. */
const CLOSING_KINDS: readonly FindingKind[] = ['pause', 'trading_switch'];

/**
 * Whether holders may trade in the state read, the launch that opens it, and the powers that can
 * close it again: those whose measured effect stopped transfers or sells (not the ones that only lifted a refusal).
 */
function tradabilityOf(pass: Pass, findings: readonly Finding[]): Tradability {
  const ref = (f: Finding): PowerRef => ({
    kind: f.kind,
    selector: f.selector,
    signature: f.signature,
    authority: f.authority,
    status: f.status,
  });
  const openedBy = pass.launch
    .map(
      (selector) =>
        findings.find((f) => f.selector === selector && f.kind === 'trading_switch') ??
        findings.find((f) => f.selector === selector),
    )
    .filter((f): f is Finding => f !== undefined);
  const closing = new Set(
    [...pass.explorations.flatMap((e) => e.exercises), ...pass.sequences]
      .filter((x) => x.effects.some((e) => CLOSING_KINDS.includes(e.kind) && !e.lifts))
      .map((x) => x.selector),
  );
  const closableBy = findings.filter(
    (f) => CLOSING_KINDS.includes(f.kind) && f.selector !== null && closing.has(f.selector),
  );
  return {
    open: pass.launch.length > 0 ? false : pass.openBefore,
    openedBy: openedBy.map(ref),
    closableBy: closableBy.map(ref),
  };
}

/** Each candidate function explored in turn, while the execution budget lasts; the rest are skipped. */
async function exploreAll(ctx: ExploreContext): Promise<{ explorations: Exploration[]; skipped: FunctionInfo[] }> {
  const explorations: Exploration[] = [];
  const skipped: FunctionInfo[] = [];
  for (const fn of candidates(ctx.info)) {
    if (budgetSpent(ctx.world)) skipped.push(fn);
    else explorations.push(await explore(ctx, fn));
  }
  return { explorations, skipped };
}

/** Writes the token's storage entries (a launch's state). */
async function applyWrites(world: ProbeWorld, writes: Map<bigint, bigint>): Promise<void> {
  for (const [key, value] of writes) await world.host.setStorage(world.token, key, value);
}

/**
 * A sell that reverts after calling out, while the contract holds tokens, is a swap-back of the fees
 * it collected (into a router whose pools the engine's world does not hold). Holders meet the token
 * between two swaps too: its own balance is emptied (one plain ledger entry) when that lets the sell
 * through. What a real sell does with the fees is the trade simulation's to measure.
 */
async function settleFees(world: ProbeWorld, pool: Address, amount: bigint): Promise<boolean> {
  const sells = (): Promise<ExecResult> => tryRun(world, ACTORS.victim, transferData(pool, amount));
  const first = await sells();
  if (first.ok || first.trace.calls.length === 0) return false;
  const own = await run(world, ACTORS.admin, withAddress(SEL.balanceOf, world.token));
  // The contract's own entries (a reflection ledger keeps two: its share and, once excluded, its tokens).
  const entries = own.trace.reads.filter(
    (r) => r.value !== 0n && !isPlainSlot(r.key) && derivedFrom(own.trace, r.key, BigInt(world.token)),
  );
  if (!word(own) || entries.length === 0) return false;
  for (const entry of entries) await world.host.setStorage(world.token, entry.key, 0n);
  if ((await sells()).ok) return true;
  for (const entry of entries) await world.host.setStorage(world.token, entry.key, entry.value);
  return false;
}

/**
 * A holder's transfer that calls an account without code (an outside ledger or guard not deployed
 * yet, or gone): whoever places code there decides every transfer. Reported when no function of the
 * token was found to set that contract (that one is the hook's power).
 */
function missingDependencies(pass: Pass, snapshot: StateSnapshot, findings: Finding[]): Finding[] {
  if (findings.some((f) => f.kind === 'external_transfer_hook')) return [];
  return pass.transferCallees
    .filter((a) => snapshot.code.get(a.toLowerCase()) === '0x')
    .slice(0, 1)
    .map((address) => ({
      kind: 'external_transfer_hook' as const,
      severity: KIND_RULES.external_transfer_hook.severity,
      selector: null,
      signature: null,
      authority: {
        kind: 'hardcoded' as const,
        slot: null,
        getter: null,
        holder: address,
        holderType: 'unknown' as const,
      },
      status: 'live' as const,
      evidence: `a holder's transfer calls ${address}, which has no code: whoever places code there decides every transfer`,
    }));
}

/** The fee a holder pays today, from the baseline's transfer and sell. */
function feesOf(observed: Observation): FeeToday {
  const fee = (kept: number | null | undefined): number | null => (kept == null ? null : Math.max(0, 1 - kept));
  const to = [...new Set([...(observed.victim.feeTo ?? []), ...(observed.sell?.feeTo ?? [])])];
  return { transfer: fee(observed.victim.kept), sell: fee(observed.sell?.kept), to };
}

/** Called accounts as addresses, precompiles and `exclude` left out, each once. */
function outsideAccounts(called: bigint[], exclude: Address[]): Address[] {
  const skip = new Set(exclude.map((a) => BigInt(a)));
  return [...new Set(called)].filter((a) => a > 0xffffn && !skip.has(a)).map((a) => addressIn(a, 0));
}

/** Tenfold smaller amounts tried when the probe's transfer is refused (see passableAmount). */
const SMALLER_AMOUNTS = 8;

/**
 * A launched token often caps each transaction (a max wallet, a max sell): a probe transfer above
 * the cap is refused where a holder's ordinary one is not. When the probe holder's transfer (or sell)
 * reverts, tenfold smaller amounts are tried and the first that goes through is the probe's; a
 * refusal at every amount stays (a pause, a launch switch) for the analysis to explain.
 */
async function passableAmount(world: ProbeWorld, pool: Address | null, amount: bigint): Promise<bigint> {
  const passes = async (value: bigint): Promise<boolean> => {
    for (const to of [ACTORS.recipient, ...(pool ? [pool] : [])])
      if (!(await tryRun(world, ACTORS.victim, transferData(to, value))).ok) return false;
    return true;
  };
  if (await passes(amount)) return amount;
  for (let value = amount / 10n, tries = 0; value > 0n && tries < SMALLER_AMOUNTS; value /= 10n, tries++) {
    if (await passes(value)) return value;
  }
  return amount;
}

/** At most this many privileged calls make a launch (see findLaunch). */
const LAUNCH_CALLS = 3;

/**
 * A token not yet launched: every probe holder's transfer reverts. The launch is the privileged
 * calls, at most LAUNCH_CALLS, that each let a transfer through (or help to) and after which it
 * succeeds. Returned: those calls, marked as the launch, and the storage they wrote (with the
 * settings they needed), never the grants that let the engine make them: the analysis then runs
 * again from that state, so the authority checks are found where they are.
 */
async function findLaunch(
  ctx: ExploreContext,
  explorations: Exploration[],
  sequences: Exercise[],
): Promise<{ exercises: Exercise[]; writes: Map<bigint, bigint> } | null> {
  const { world } = ctx;
  const settingsOf = new Map(explorations.map((e) => [e.fn.selector, e.settings]));
  const openers = [...explorations.flatMap((e) => e.exercises), ...sequences].filter((x) =>
    x.effects.some((f) => f.kind === 'trading_switch' && f.lifts === 'transfer'),
  );
  const writes = new Map<bigint, bigint>();
  const chosen: Exercise[] = [];
  for (const opener of openers.slice(0, LAUNCH_CALLS)) {
    await world.host.checkpoint();
    try {
      await applyWrites(world, writes);
      const held = new Map<bigint, { offset: number; value: bigint }>();
      for (const gate of opener.gates)
        if (gate.kind === 'slot')
          held.set(gate.slot, { offset: gate.offset, value: await world.host.storage(world.token, gate.slot) });
      for (const gate of opener.gates) await grant(world, gate, opener.caller);
      const settings = (settingsOf.get(opener.selector) ?? []).filter(isPlainSlot);
      for (const key of settings) await world.host.setStorage(world.token, key, SETTING_ON);
      const setup = opener.after ? await run(world, opener.caller, opener.after.data) : null;
      const result = await run(world, opener.caller, opener.data);
      if (!result.ok || (setup && !setup.ok)) continue;
      settings.forEach((key) => writes.set(key, SETTING_ON));
      setup?.trace.writes.forEach((value, key) => writes.set(key, value));
      result.trace.writes.forEach((value, key) => writes.set(key, value));
      // A flag packed beside the owner (`bool launched` after `address _owner`) is kept; the owner is put back.
      for (const [key, { offset, value }] of held) {
        const written = writes.get(key);
        if (written !== undefined) writes.set(key, withAddressAt(written, addressIn(value, offset), offset));
      }
    } finally {
      await world.host.revert();
    }
    chosen.push(opener);
    await world.host.checkpoint();
    try {
      await applyWrites(world, writes);
      if ((await run(world, ACTORS.victim, transferData(ACTORS.recipient, ctx.amount))).ok)
        return { exercises: chosen.map(asLaunch), writes };
    } finally {
      await world.host.revert();
    }
  }
  return null;
}

function asLaunch(exercise: Exercise): Exercise {
  const effects = exercise.effects.map((e) =>
    e.kind === 'trading_switch' && e.lifts === 'transfer'
      ? { ...e, measured: `not yet tradable: ${e.measured}; this call opens trading` }
      : e,
  );
  return { ...exercise, effects };
}

/**
 * A holder's way out that pays ether (`sell(uint256)` of 2017-era tokens): a one-number function
 * that takes the caller's tokens. The contract gets ether so its price, not its purse, decides.
 */
async function findExit(world: ProbeWorld, info: StaticInfo, amount: bigint): Promise<{ selector: Hex } | null> {
  await world.host.setEthBalance(world.token, 1n << 200n);
  const before = await balanceOf(world, ACTORS.victim);
  if (!before) return null;
  for (const fn of candidates(info).filter((f) => f.arguments === 'uint256' && f.selector !== BURN)) {
    await world.host.checkpoint();
    const ok = (await sellBack(world, { selector: fn.selector, amount })) !== null;
    const result = ok
      ? await run(world, ACTORS.victim, concat([fn.selector, encodeAbiParameters([{ type: 'uint256' }], [amount])]))
      : null;
    const after = result?.ok ? await balanceOf(world, ACTORS.victim) : null;
    await world.host.revert();
    if (after !== null && after < before) return { selector: fn.selector };
  }
  return null;
}

/** Sale functions observed at most: each costs a purchase per observation. */
const MAX_ENTRIES = 2;

/** Calldata of a plain ether transfer: the fallback, which many 2017-era tokens sell through. */
const FALLBACK: Hex = '0x';

/**
 * A holder's ways in that take ether (`buy()` of 2017-era tokens): payable functions without
 * arguments that do not destroy the contract, then the fallback when a plain ether transfer succeeds
 * and reads the token's storage (one that only takes ether reads none), or reverts on a zero setting
 * after reading the buyer's entry (a sale not yet opened, see openSale). The named ones' price may be
 * unset on a bare state, so they need not succeed here: a price setter shows itself by what a
 * purchase gives under its different settings.
 */
async function findEntries(world: ProbeWorld, info: StaticInfo): Promise<Entry[]> {
  const found: Entry[] = [];
  const named = candidates(info)
    .filter((f) => f.mutability === 'payable' && f.arguments === '')
    .map((f) => f.selector);
  for (const selector of [...named, FALLBACK]) {
    if (found.length >= MAX_ENTRIES) break;
    await world.host.checkpoint();
    const { result, settings, creditsBuyer } = await openSale(world, selector);
    await world.host.revert();
    const fallbackSells = result.trace.reads.length > 0 && (result.ok || (settings.length > 0 && creditsBuyer));
    if (!result.trace.selfdestruct && (selector !== FALLBACK || fallbackSells)) found.push({ selector, settings });
  }
  return found;
}

function candidates(info: StaticInfo): FunctionInfo[] {
  return info.functions.filter(
    (f) => (f.mutability === 'nonpayable' || f.mutability === 'payable') && !HOLDER_FUNCTIONS.has(f.selector),
  );
}

/** The slot owner() (or getOwner()) reads, and the address it holds. */
async function ownerSlot(world: ProbeWorld): Promise<OwnerRef | null> {
  for (const [getter, selector] of [
    ['owner()', SEL.owner],
    ['getOwner()', SEL.getOwner],
  ] as const) {
    const result = await run(world, ACTORS.admin, selector);
    const value = word(result);
    if (value === null || result.returnData.length !== 32) continue;
    for (let i = result.trace.reads.length - 1; i >= 0; i--) {
      const offset = offsetOf(result.trace.reads[i].value, value);
      if (offset !== null) return { getter, slot: result.trace.reads[i].key, offset };
    }
    return { getter, slot: null, offset: 0 };
  }
  return null;
}

/** A token whose every slot read so far holds zero was never constructed here: the engine's own bare state. */
function bareState(snapshot: StateSnapshot, token: Address): boolean {
  const prefix = `${token.toLowerCase()}:`;
  for (const [key, value] of snapshot.storage) if (value !== 0n && key.startsWith(prefix)) return false;
  return true;
}

/**
 * See ProbeWorld.settable: on a bare state every zero slot is an unset setting; on a deployed one, only
 * those a function writes. The layout is read exactly when the state is not bare (analyzePowers), so
 * its absence says bare, or that the analysis failed: then nothing says which slots a function writes.
 */
function settableSlots(info: StaticInfo): (key: bigint) => boolean {
  if (!info.storage) return () => true;
  const writable = new Set(info.storage.filter((s) => s.writes.length > 0).map((s) => s.slot));
  return (key) => writable.has(key);
}

function ledgerStyle(pass: Pass): PowerAnalysis['ledger']['style'] {
  return pass.ledgerNotes.some((n) => n.startsWith('no ledger')) ? 'unknown' : 'mapping';
}

function firstPool(snapshot: StateSnapshot, queries: { to: Address; data: Hex }[]): Address | null {
  for (const q of queries) {
    const answer = snapshot.calls.get(callKey(q.to, q.data));
    if (answer && answer.length >= 66 && BigInt(`0x${answer.slice(26, 66)}`) !== 0n)
      return getAddress(`0x${answer.slice(26, 66)}`);
  }
  return null;
}

/** Who holds each gate today (slot values and constants): their code tells an EOA from a contract. */
function holdersOf(pass: Pass, snapshot: StateSnapshot): Address[] {
  const found = new Set<Address>();
  for (const e of pass.explorations) {
    for (const gate of e.gates) {
      if (gate.kind === 'hardcoded') found.add(gate.address);
      if (gate.kind === 'slot') {
        const holder = addressIn(snapshot.storage.get(storageKey(pass.world.token, gate.slot)) ?? 0n, gate.offset);
        if (BigInt(holder) !== 0n) found.add(holder);
      }
    }
  }
  return [...found];
}

function parseKey(key: string): { address: Address; slot: Hex } {
  const [address, slot] = key.split(':');
  return { address: address as Address, slot: `0x${slot}` as Hex };
}
