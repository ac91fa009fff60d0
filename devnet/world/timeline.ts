import type { World } from './deploy';

/** Runs after the block is mined (e.g. to read back a pair address). */
export type AfterMine = () => Promise<void>;
export type Action = (w: World) => Promise<AfterMine | void> | AfterMine | void;

/**
 * Scheduled history: actions are registered at second offsets from the history start; actions
 * sharing an offset land in the same block. Running it mines one block per distinct offset,
 * in time order, at exactly t0 + offset.
 */
export class Timeline {
  private readonly events = new Map<number, Action[]>();

  at(offset: number, action: Action): void {
    const list = this.events.get(offset) ?? [];
    list.push(action);
    this.events.set(offset, list);
  }

  async run(w: World): Promise<void> {
    const offsets = [...this.events.keys()].sort((a, b) => a - b);
    for (const offset of offsets) {
      const ts = w.t0 + offset;
      if (ts <= w.clock) throw new Error(`timeline offset ${offset} is not after the previous block`);
      const after: AfterMine[] = [];
      for (const action of this.events.get(offset) ?? []) {
        const hook = await action(w);
        if (hook) after.push(hook);
      }
      await w.chain.mine(ts);
      w.clock = ts;
      for (const hook of after) await hook();
    }
  }
}
