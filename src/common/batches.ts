/**
 * Groups work on one counter: the first item for an id is served at once, alone; items for that id
 * that arrive while it is served wait and are served together next, and so on until none arrived.
 * Under load a hot counter costs one write per round trip instead of one per item; when quiet it
 * adds no latency. `serve` settles its items itself and must not throw.
 */
export class Batches<T> {
  /** Per id: the items for the next serving; present while a serving for the id is in flight. */
  private readonly waiting = new Map<string, T[]>();

  constructor(private readonly serve: (id: string, batch: T[]) => Promise<void>) {}

  add(id: string, item: T): void {
    const queue = this.waiting.get(id);
    if (queue) queue.push(item);
    else void this.run(id, [item]);
  }

  private async run(id: string, first: T[]): Promise<void> {
    this.waiting.set(id, []);
    let batch = first;
    while (batch.length > 0) {
      await this.serve(id, batch);
      batch = this.waiting.get(id) ?? [];
      this.waiting.set(id, []);
    }
    this.waiting.delete(id);
  }
}
