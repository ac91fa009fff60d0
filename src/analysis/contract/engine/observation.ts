import { concat, encodeAbiParameters, type Address, type Hex } from 'viem';
import { ACTORS, AMOUNT, balanceOf, run, SEL, transferData, withAddress, word, type ProbeWorld } from './probe-world';

export interface TransferOutcome {
  ok: boolean;
  /** Share of the amount the recipient received (1 = no fee); null when it reverted or is unreadable. */
  kept: number | null;
  /** Calls the transfer path made to the hook stand-in. */
  calledHook: boolean;
  /** Whether the token's own storage changed (false when a transfer is forwarded elsewhere). */
  wroteStorage: boolean;
}

/** What holders see: balances, supply, and whether their transfers (and sells) go through. */
export interface Observation {
  supply: bigint | null;
  balances: Map<Address, bigint | null>;
  victim: TransferOutcome;
  holder: TransferOutcome;
  /** The victim's second transfer right after the first (cooldowns). */
  victimAgain: TransferOutcome;
  /** The victim's transfer into the pool, where the token has one. */
  sell: TransferOutcome | null;
  /** The holder's sell-back to the contract (a `sell(uint256)` paying ether), where the token has one. */
  exit: { selector: Hex; payout: bigint | null } | null;
  /** Every storage key the observation read: a change elsewhere cannot alter it. */
  keysRead: Set<bigint>;
}

export const WATCHED: Address[] = [ACTORS.victim, ACTORS.holder, ACTORS.admin, ACTORS.hook];

/** Reads everything and moves tokens, then puts the state back as it was. */
export async function observe(
  world: ProbeWorld,
  params: { pool: Address | null; amount: bigint; exit: { selector: Hex } | null },
): Promise<Observation> {
  const keysRead = new Set<bigint>();
  const host = world.host;
  await host.checkpoint();
  const supplyRun = world.hasTotalSupply ? await run(world, ACTORS.admin, SEL.totalSupply) : null;
  supplyRun?.trace.reads.forEach((r) => keysRead.add(r.key));
  const balances = new Map<Address, bigint | null>();
  for (const who of [...WATCHED, world.token]) {
    const read = await run(world, ACTORS.admin, withAddress(SEL.balanceOf, who));
    read.trace.reads.forEach((r) => keysRead.add(r.key));
    balances.set(who, word(read));
  }
  const victim = await transferOnce(world, { from: ACTORS.victim, to: ACTORS.recipient, amount: params.amount, keysRead });
  const victimAgain = await transferOnce(world, { from: ACTORS.victim, to: ACTORS.recipient, amount: params.amount, keysRead });
  await host.revert();
  await host.checkpoint();
  const holder = await transferOnce(world, { from: ACTORS.holder, to: ACTORS.recipient, amount: params.amount, keysRead });
  await host.revert();
  let sell: TransferOutcome | null = null;
  if (params.pool) {
    await host.checkpoint();
    sell = await transferOnce(world, { from: ACTORS.victim, to: params.pool, amount: params.amount, keysRead });
    await host.revert();
  }
  const exit = params.exit ? { selector: params.exit.selector, payout: await sellBack(world, { selector: params.exit.selector, amount: params.amount, keysRead }) } : null;
  return { supply: supplyRun ? word(supplyRun) : null, balances, victim, holder, victimAgain, sell, exit, keysRead };
}

/** Ether the victim receives for selling `amount` back to the contract; null when the sale reverts. */
export async function sellBack(world: ProbeWorld, params: { selector: Hex; amount: bigint; keysRead?: Set<bigint> }): Promise<bigint | null> {
  await world.host.checkpoint();
  try {
    const before = await world.host.ethBalance(ACTORS.victim);
    const result = await run(world, ACTORS.victim, concat([params.selector, encodeAbiParameters([{ type: 'uint256' }], [params.amount])]));
    result.trace.reads.forEach((r) => params.keysRead?.add(r.key));
    return result.ok ? (await world.host.ethBalance(ACTORS.victim)) - before : null;
  } finally {
    await world.host.revert();
  }
}

async function transferOnce(
  world: ProbeWorld,
  params: { from: Address; to: Address; amount: bigint; keysRead: Set<bigint> },
): Promise<TransferOutcome> {
  const before = await balanceOf(world, params.to);
  const result = await run(world, params.from, transferData(params.to, params.amount));
  result.trace.reads.forEach((r) => params.keysRead.add(r.key));
  const returned = result.returnData.length >= 32 ? word(result) : 1n;
  const ok = result.ok && returned !== 0n;
  const calledHook = result.trace.calls.includes(BigInt(ACTORS.hook));
  if (!ok) return { ok, kept: null, calledHook, wroteStorage: result.trace.writes.size > 0 };
  const after = await balanceOf(world, params.to);
  const kept = before !== null && after !== null ? ratio(after - before, params.amount) : null;
  return { ok, kept, calledHook, wroteStorage: result.trace.writes.size > 0 };
}

function ratio(received: bigint, sent: bigint): number {
  return Number((received * 10_000n) / sent) / 10_000;
}

export function transferAmount(balance: bigint): bigint {
  return balance / 10n < AMOUNT ? balance / 10n : AMOUNT;
}
