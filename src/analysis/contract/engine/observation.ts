import { concat, encodeAbiParameters, getAddress, type Address, type Hex } from 'viem';
import { addressIn, zeroSetting } from './authority';
import type { ExecResult } from './evm-host';
import { derivedFrom, type Trace } from './execution-tracer';
import {
  ACTORS,
  AMOUNT,
  balanceOf,
  fund,
  isPlainSlot,
  run,
  SEL,
  SETTING_ON,
  transferData,
  withAddress,
  word,
  type ProbeWorld,
} from './probe-world';

export interface TransferOutcome {
  ok: boolean;
  /** Share of the amount the recipient received (1 = no fee); null when it reverted or is unreadable. */
  kept: number | null;
  /** Calls the transfer path made to the hook stand-in. */
  calledHook: boolean;
  /** Whether the token's own storage changed (false when a transfer is forwarded elsewhere). */
  wroteStorage: boolean;
  /** The token's code called another contract on the way (a swap of collected fees, a hook). */
  calledOut: boolean;
  /** The addresses it called. */
  callees: bigint[];
  /** Accounts other than the sender and the receiver whose ledger entry grew: where a fee went. */
  feeTo?: Address[];
  /** The receiver got more than the sender lost (a plain ledger): tokens the transfer created. */
  created?: bigint;
}

/** What holders see: balances, supply, and whether their transfers (and sells) go through. */
export interface Observation {
  supply: bigint | null;
  balances: Map<Address, bigint | null>;
  victim: TransferOutcome;
  holder: TransferOutcome;
  /** The victim's second transfer right after the first (cooldowns). */
  victimAgain: TransferOutcome;
  /** The victim's tokens moved by an approved spender (`approve` then `transferFrom`): the path a DEX sell takes. */
  victimSpent: TransferOutcome;
  /** The same for the other probe holder; only read when the victim's failed (it tells a blacklist from a pause). */
  holderSpent: TransferOutcome | null;
  /** The victim's transfer into the pool, where the token has one. */
  sell: TransferOutcome | null;
  /** The holder's sell-back to the contract (a `sell(uint256)` paying ether), where the token has one. */
  exit: { selector: Hex; payout: bigint | null } | null;
  /** Tokens the victim received for ether through the contract's own sale (`buy()`), where it has one. */
  entry: { selector: Hex; received: bigint | null } | null;
  /** What the probe victim lets the authority's beneficiary spend (`allowance(victim, admin)`): a holder never approved it. */
  allowance: bigint | null;
  /** Every storage key the observation read, with the value it first read there: a change elsewhere cannot alter it. */
  keysRead: ReadLog;
  /** The keys each part read, so a later observation can re-run only the parts a write reached. */
  parts: ReadonlyMap<string, ReadLog>;
}

/** Storage keys read, each with the value its first read saw. */
export type ReadLog = Map<bigint, bigint>;

/** Adds an execution's reads to a log, keeping the first value seen for each key. */
export function logReads(log: ReadLog | undefined, result: ExecResult): void {
  if (!log) return;
  for (const r of result.trace.reads) if (!log.has(r.key)) log.set(r.key, r.value);
}

export const WATCHED: Address[] = [ACTORS.victim, ACTORS.holder, ACTORS.admin, ACTORS.hook];

/** Reads everything and moves tokens, then puts the state back as it was. */
type Part = 'supply' | 'balances' | 'allowance' | 'transfers' | 'holder' | 'spent' | 'sell' | 'exit' | 'entry';

/** The holder's ways out of and into the token besides transfers, found once before the baseline. */
export interface ObserveParams {
  pool: Address | null;
  amount: bigint;
  exit: { selector: Hex } | null;
  /** Sale functions taking ether (`buy()`): the first that answers measures a purchase. */
  entries: Entry[];
}

/** A sale function taking ether, with the unset settings it needed switched on (see openSale). */
export interface Entry {
  selector: Hex;
  settings: bigint[];
}

/**
 * Reads everything and moves tokens, then puts the state back as it was. Given `since` (an earlier
 * observation and the storage keys written after it), each part whose executions read none of those
 * keys is taken from the earlier observation: same reads, same path, same outcome.
 */
export async function observe(
  world: ProbeWorld,
  params: ObserveParams,
  since?: { prior: Observation; changed: ReadonlySet<bigint>; etherMoved: boolean },
): Promise<Observation> {
  const host = world.host;
  const parts = new Map<Part, ReadLog>();
  const part = async <T>(name: Part, prior: T, read: (keys: ReadLog) => Promise<T>): Promise<T> => {
    const priorKeys = since?.prior.parts.get(name);
    const stale =
      !since ||
      !priorKeys ||
      ((name === 'exit' || name === 'entry') && since.etherMoved) ||
      [...priorKeys.keys()].some((k) => since.changed.has(k));
    if (!stale) {
      parts.set(name, priorKeys);
      return prior;
    }
    const keys: ReadLog = new Map();
    parts.set(name, keys);
    return read(keys);
  };
  const prior = since?.prior;
  const supply = await part('supply', prior?.supply ?? null, async (keys) => {
    if (!world.hasTotalSupply) return null;
    const result = await run(world, ACTORS.admin, SEL.totalSupply);
    logReads(keys, result);
    return word(result);
  });
  const balances = await part('balances', prior?.balances ?? new Map<Address, bigint | null>(), async (keys) => {
    const read = new Map<Address, bigint | null>();
    for (const who of [...WATCHED, world.token]) {
      const result = await run(world, ACTORS.admin, withAddress(SEL.balanceOf, who));
      logReads(keys, result);
      read.set(who, word(result));
    }
    return read;
  });
  const allowance = await part('allowance', prior?.allowance ?? null, async (keys) => {
    const result = await run(
      world,
      ACTORS.admin,
      concat([
        SEL.allowance,
        encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [ACTORS.victim, ACTORS.admin]),
      ]),
    );
    logReads(keys, result);
    return result.returnData.length === 32 ? word(result) : null;
  });
  const [victim, victimAgain] = await part(
    'transfers',
    prior ? [prior.victim, prior.victimAgain] : [],
    async (keys) => {
      await host.checkpoint();
      try {
        const first = await transferOnce(world, {
          from: ACTORS.victim,
          to: ACTORS.recipient,
          amount: params.amount,
          keysRead: keys,
        });
        return [
          first,
          await transferOnce(world, {
            from: ACTORS.victim,
            to: ACTORS.recipient,
            amount: params.amount,
            keysRead: keys,
          }),
        ];
      } finally {
        await host.revert();
      }
    },
  );
  const holder = await part('holder', prior?.holder ?? null, async (keys) => {
    await host.checkpoint();
    try {
      return await transferOnce(world, {
        from: ACTORS.holder,
        to: ACTORS.recipient,
        amount: params.amount,
        keysRead: keys,
      });
    } finally {
      await host.revert();
    }
  });
  const [victimSpent, holderSpent] =
    (await part('spent', prior ? ([prior.victimSpent, prior.holderSpent] as const) : null, async (keys) => {
      const spent = await spendOnce(world, { owner: ACTORS.victim, amount: params.amount, keysRead: keys });
      return [
        spent,
        spent.ok ? null : await spendOnce(world, { owner: ACTORS.holder, amount: params.amount, keysRead: keys }),
      ] as const;
    })) ?? [];
  const sell = await part('sell', prior?.sell ?? null, async (keys) => {
    if (!params.pool) return null;
    await host.checkpoint();
    try {
      return await transferOnce(world, { from: ACTORS.victim, to: params.pool, amount: params.amount, keysRead: keys });
    } finally {
      await host.revert();
    }
  });
  const exit = await part('exit', prior?.exit ?? null, async (keys) =>
    params.exit
      ? {
          selector: params.exit.selector,
          payout: await sellBack(world, { selector: params.exit.selector, amount: params.amount, keysRead: keys }),
        }
      : null,
  );
  const entry = await part('entry', prior?.entry ?? null, async (keys) => firstPurchase(world, params.entries, keys));
  const keysRead: ReadLog = new Map();
  for (const keys of parts.values()) keys.forEach((value, key) => keysRead.has(key) || keysRead.set(key, value));
  return {
    supply,
    balances,
    allowance,
    victim: victim!,
    holder: holder!,
    victimAgain: victimAgain!,
    victimSpent: victimSpent!,
    holderSpent: holderSpent ?? null,
    sell,
    exit,
    entry,
    keysRead,
    parts,
  };
}

/** Ether the victim receives for selling `amount` back to the contract; null when the sale reverts. */
export async function sellBack(
  world: ProbeWorld,
  params: { selector: Hex; amount: bigint; keysRead?: ReadLog },
): Promise<bigint | null> {
  await world.host.checkpoint();
  try {
    const before = await world.host.ethBalance(ACTORS.victim);
    const result = await run(
      world,
      ACTORS.victim,
      concat([params.selector, encodeAbiParameters([{ type: 'uint256' }], [params.amount])]),
    );
    logReads(params.keysRead, result);
    return result.ok ? (await world.host.ethBalance(ACTORS.victim)) - before : null;
  } finally {
    await world.host.revert();
  }
}

/** Ether one purchase sends to the contract's sale. */
export const PURCHASE = 10n ** 18n;

async function firstPurchase(world: ProbeWorld, entries: Entry[], keysRead: ReadLog): Promise<Observation['entry']> {
  for (const entry of entries) {
    const received = await buyIn(world, { ...entry, keysRead });
    if (received !== null) return { selector: entry.selector, received };
  }
  return entries.length ? { selector: entries[0].selector, received: null } : null;
}

/** Tokens the victim receives for PURCHASE wei sent to the sale function; null when the purchase reverts. */
export async function buyIn(world: ProbeWorld, params: Entry & { keysRead?: ReadLog }): Promise<bigint | null> {
  await world.host.checkpoint();
  try {
    await switchOn(world, params.settings);
    const before = await balanceOf(world, ACTORS.victim);
    let result = await run(world, ACTORS.victim, params.selector, PURCHASE);
    let after = result.ok ? await balanceOf(world, ACTORS.victim) : null;
    // The sale pays out of someone's balance (the owner's, the contract's): give them tokens and buy
    // again. Some sales skip the payout instead of reverting when that balance is short.
    const seller = after === null || after === before ? emptySeller(result.trace) : null;
    if (seller !== null && (await fund(world, seller, { seller: true })).balance > 0n) {
      result = await run(world, ACTORS.victim, params.selector, PURCHASE);
      after = result.ok ? await balanceOf(world, ACTORS.victim) : null;
    }
    logReads(params.keysRead, result);
    return before !== null && after !== null ? after - before : null;
  } finally {
    await world.host.revert();
  }
}

/** Unset settings a refused purchase may switch on, one after another (the sale opened, its price, its stock). */
const SALE_SETTINGS = 3;

/**
 * The settings a sale needs on a state no constructor wrote (opened, a stock of tokens to sell): while
 * the purchase reverts after reading a zero declared variable, that variable is switched on and the
 * purchase sent again. Found once; each purchase observed later switches the same ones on where they
 * still read zero (a price setter may have written one since). Runs inside the caller's checkpoint.
 * `creditsBuyer`: some attempt read an entry keyed by the buyer (its balance): the way of a sale.
 */
export async function openSale(
  world: ProbeWorld,
  selector: Hex,
): Promise<{ result: ExecResult; settings: bigint[]; creditsBuyer: boolean }> {
  const settings: bigint[] = [];
  let creditsBuyer = false;
  for (let round = 0; ; round++) {
    const result = await run(world, ACTORS.victim, selector, PURCHASE);
    creditsBuyer ||= result.trace.reads.some(
      (r) => !isPlainSlot(r.key) && derivedFrom(result.trace, r.key, BigInt(ACTORS.victim)),
    );
    // A setting after which the purchase runs endless was a loop bound (a list's length): taken back.
    if (result.exhausted && settings.length > 0) await world.host.setStorage(world.token, settings.pop()!, 0n);
    const setting =
      result.ok || result.exhausted || round >= SALE_SETTINGS
        ? null
        : zeroSetting(result.trace, { settable: (k) => world.settable(k) && !settings.includes(k) });
    if (setting === null) return { result, settings, creditsBuyer };
    settings.push(setting);
    await world.host.setStorage(world.token, setting, SETTING_ON);
  }
}

async function switchOn(world: ProbeWorld, settings: bigint[]): Promise<void> {
  for (const key of settings)
    if ((await world.host.storage(world.token, key)) === 0n) await world.host.setStorage(world.token, key, SETTING_ON);
}

/** The address whose empty mapping entry a failed purchase read last, other than the buyer. */
function emptySeller(trace: Trace): Address | null {
  for (let i = trace.reads.length - 1; i >= 0; i--) {
    const key = trace.preimages.get(trace.reads[i].key)?.[0];
    if (trace.reads[i].value !== 0n || key === undefined || key >= 1n << 160n || key === BigInt(ACTORS.victim))
      continue;
    return getAddress(`0x${key.toString(16).padStart(40, '0')}`);
  }
  return null;
}

/** `owner` approves the recipient, which then pulls the amount with transferFrom; the state is put back. */
async function spendOnce(
  world: ProbeWorld,
  params: { owner: Address; amount: bigint; keysRead: ReadLog },
): Promise<TransferOutcome> {
  await world.host.checkpoint();
  try {
    const approve = await run(
      world,
      params.owner,
      concat([
        SEL.approve,
        encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [ACTORS.recipient, params.amount]),
      ]),
    );
    logReads(params.keysRead, approve);
    if (!approve.ok)
      return {
        ok: false,
        kept: null,
        calledHook: false,
        wroteStorage: approve.trace.writes.size > 0,
        calledOut: approve.trace.calls.length > 0,
        callees: approve.trace.calls,
      };
    const data = concat([
      SEL.transferFrom,
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }],
        [params.owner, ACTORS.recipient, params.amount],
      ),
    ]);
    return await moveOnce(world, {
      from: ACTORS.recipient,
      to: ACTORS.recipient,
      data,
      amount: params.amount,
      keysRead: params.keysRead,
    });
  } finally {
    await world.host.revert();
  }
}

async function transferOnce(
  world: ProbeWorld,
  params: { from: Address; to: Address; amount: bigint; keysRead: ReadLog },
): Promise<TransferOutcome> {
  return moveOnce(world, { ...params, data: transferData(params.to, params.amount), debits: params.from });
}

async function moveOnce(
  world: ProbeWorld,
  params: { from: Address; to: Address; data: Hex; amount: bigint; keysRead: ReadLog; debits?: Address },
): Promise<TransferOutcome> {
  const before = await ledgerEntry(world, params.to);
  const sender = params.debits ? await ledgerEntry(world, params.debits) : null;
  const result = await run(world, params.from, params.data);
  logReads(params.keysRead, result);
  const returned = result.returnData.length >= 32 ? word(result) : 1n;
  const calledHook = result.trace.calls.includes(BigInt(ACTORS.hook));
  const wroteStorage = result.trace.writes.size > 0;
  // An interface call to an account without code reverts at Solidity's code-size check, before any CALL: that account counts too.
  const callees = [...new Set([...result.trace.calls, ...result.trace.codeChecks])];
  const path = { calledHook, wroteStorage, calledOut: result.trace.calls.length > 0, callees };
  if (!result.ok) return { ok: false, kept: null, ...path };
  // A plain ledger entry's new value is in the transfer's own writes: no second balanceOf needed.
  const after =
    before.key !== null ? (result.trace.writes.get(before.key) ?? before.value) : await balanceOf(world, params.to);
  const received = before.value !== null && after !== null ? after - before.value : null;
  // Some 2016-era tokens declare `returns (bool)` and never return: false with the tokens moved is a success.
  const ok = returned !== 0n || (received !== null && received > 0n);
  if (!ok) return { ok, kept: null, ...path };
  const kept = received !== null ? ratio(received, params.amount) : null;
  // Credited more than the sender was debited: the transfer itself created tokens.
  const senderAfter = sender?.key != null ? (result.trace.writes.get(sender.key) ?? sender.value) : null;
  const debited = sender?.value != null && senderAfter != null ? sender.value - senderAfter : null;
  const created = received !== null && debited !== null && received > debited ? received - debited : undefined;
  return {
    ok,
    kept,
    ...path,
    ...(kept !== null && kept < 1 ? { feeTo: grownEntries(result, [params.from, params.to]) } : {}),
    ...(created !== undefined ? { created } : {}),
  };
}

/** Addresses (not `parties`) whose mapping entry a call wrote larger than it read it: a fee's receivers. */
function grownEntries(result: ExecResult, parties: Address[]): Address[] {
  const { trace } = result;
  const skip = new Set(parties.map((a) => BigInt(a)));
  const before: ReadLog = new Map();
  logReads(before, result);
  const found = new Set<bigint>();
  for (const [key, value] of trace.writes) {
    const words = trace.preimages.get(key);
    const who = words?.length === 2 ? words[0] : null;
    if (who === null || who === 0n || who >= 1n << 160n || skip.has(who) || value <= (before.get(key) ?? 0n)) continue;
    found.add(who);
  }
  return [...found].map((w) => addressIn(w, 0));
}

/** balanceOf(who), and the storage key that holds it when the balance is one plain stored word. */
async function ledgerEntry(world: ProbeWorld, who: Address): Promise<{ value: bigint | null; key: bigint | null }> {
  const result = await run(world, ACTORS.admin, withAddress(SEL.balanceOf, who));
  const value = word(result);
  const reads = result.trace.reads;
  const plain = value !== null && reads.length === 1 && reads[0].value === value;
  return { value, key: plain ? reads[0].key : null };
}

function ratio(received: bigint, sent: bigint): number {
  return Number((received * 10_000n) / sent) / 10_000;
}

/** A tenth of the probe balance (at most AMOUNT, at least 1 base unit: tiny ledgers still move something). */
export function transferAmount(balance: bigint): bigint {
  const tenth = balance / 10n;
  return tenth < 1n ? 1n : tenth < AMOUNT ? tenth : AMOUNT;
}
