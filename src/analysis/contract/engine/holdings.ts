import { grant, SETTING_ON } from './authority';
import { argChoices, encodeCall } from './call-args';
import type { Exercise, Exploration, ExploreContext } from './function-explorer';
import { ACTORS, AMOUNT, balanceOf, fund, run, SEL, withAddress, word, type ProbeWorld } from './probe-world';

/**
 * Tokens the contract holds itself (unsold sale tokens, a team lock, collected fees): a gated
 * function that moves them out to an address of the authority's choosing takes what the holders were
 * promised. The contract's own balance is funded only here, never in the baseline (a funded fee
 * token would start swapping on every transfer). Only functions behind an admin slot or a hard-coded
 * address are tried: one anyone may call (a claim, a fee distribution to a fixed wallet) is no one's
 * power, and a caller-keyed entry read on the way (a stake, a last-claim time) is the caller's own
 * account, not a role, whenever the contract pays out of its holdings. Tried: those that read the
 * contract's own ledger entry, and those that reverted for want of something (often that balance).
 */
export async function exploreHoldings(ctx: ExploreContext, explorations: Exploration[]): Promise<Exercise[]> {
  const { world } = ctx;
  const ledger = new Set((await run(world, ACTORS.admin, withAddress(SEL.balanceOf, world.token))).trace.reads.map((r) => r.key));
  const candidates = explorations.filter(
    (e) => e.gates.some((g) => g.kind !== 'role') && !e.exhausted && (!e.executed || [...e.reads].some((k) => ledger.has(k))) && !e.exercises.some((x) => x.effects.some((f) => f.kind === 'balance_seizure')),
  );
  if (candidates.length === 0) return [];
  const found: Exercise[] = [];
  await world.host.checkpoint();
  try {
    const funded = await fund(world, world.token);
    if (funded.balance === 0n) return [];
    for (const exploration of candidates) {
      if (world.executions.count > world.executions.limit) break;
      const exercise = await drain(world, exploration);
      if (exercise) found.push(exercise);
    }
  } finally {
    await world.host.revert();
  }
  return found;
}

async function drain(world: ProbeWorld, exploration: Exploration): Promise<Exercise | null> {
  const { fn } = exploration;
  await world.host.checkpoint();
  try {
    for (const gate of exploration.gates) await grant(world, gate, exploration.caller);
    // Settings switched on for a call that still reverted were guesses: it may have wanted the holdings.
    if (exploration.executed) for (const key of exploration.settings) await world.host.setStorage(world.token, key, SETTING_ON);
    const before = await balanceOf(world, world.token);
    const supply = world.hasTotalSupply ? word(await run(world, ACTORS.admin, SEL.totalSupply)) : null;
    if (!before) return null;
    for (const choice of argChoices({ victim: ACTORS.victim, beneficiary: ACTORS.admin, hook: ACTORS.hook, amount: AMOUNT, types: fn.arguments })) {
      const data = encodeCall(fn.selector, fn.arguments, choice);
      if (!data) continue;
      await world.host.checkpoint();
      try {
        if (!(await run(world, exploration.caller, data)).ok) continue;
        const after = await balanceOf(world, world.token);
        const supplyAfter = world.hasTotalSupply ? word(await run(world, ACTORS.admin, SEL.totalSupply)) : null;
        // A burn of the contract's own tokens (unsold supply destroyed) takes nothing from anyone.
        if (after === null || after >= before || (supply !== null && supplyAfter !== null && supplyAfter < supply)) continue;
        return {
          selector: fn.selector, caller: exploration.caller, gates: exploration.gates, choice, data,
          effects: [{ kind: 'balance_seizure', measured: `the tokens the contract holds itself -${before - after}, moved out to an address the authority chose` }],
        };
      } finally {
        await world.host.revert();
      }
    }
    return null;
  } finally {
    await world.host.revert();
  }
}
