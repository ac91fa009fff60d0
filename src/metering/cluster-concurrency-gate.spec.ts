import {
  ClusterConcurrencyGate,
  ConcurrencyGateHost,
  type PrimaryLink,
  type ProcessesLink,
} from './cluster-concurrency-gate';

/**
 * node:cluster's IPC in memory: messages are delivered asynchronously and in order per direction, as
 * on the real channels; `exit(n)` is process n dying.
 */
class FakeCluster {
  private readonly toPrimary: Array<(from: number, message: unknown) => void> = [];
  private readonly exits: Array<(from: number) => void> = [];
  private readonly toProcess = new Map<number, Array<(message: unknown) => void>>();
  /** Process n's messages are not delivered while it is in here (a primary that does not answer). */
  readonly unanswered = new Set<number>();
  /** Process n's channel is closed (the primary is gone): send() says nothing was sent. */
  readonly closed = new Set<number>();

  readonly primary: ProcessesLink = {
    send: (to, message) => {
      const copy = structuredClone(message);
      setImmediate(() => this.toProcess.get(to)?.forEach((listener) => listener(copy)));
    },
    onMessage: (listener) => this.toPrimary.push(listener),
    onExit: (listener) => this.exits.push(listener),
  };

  process(n: number): PrimaryLink {
    return {
      send: (message) => {
        if (this.closed.has(n)) return false;
        if (this.unanswered.has(n)) return true;
        const copy = structuredClone(message);
        setImmediate(() => this.toPrimary.forEach((listener) => listener(n, copy)));
        return true;
      },
      onMessage: (listener) => this.toProcess.set(n, [...(this.toProcess.get(n) ?? []), listener]),
    };
  }

  exit(n: number): void {
    this.exits.forEach((listener) => listener(n));
  }
}

/** Resolves once every message sent so far (and the answers they caused) has been delivered. */
const settled = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

function setup(options: { max: number; now?: () => number; processes?: number }) {
  const ipc = new FakeCluster();
  new ConcurrencyGateHost(ipc.primary, options.now);
  const gates = Array.from(
    { length: options.processes ?? 2 },
    (_, n) => new ClusterConcurrencyGate({ gate: 'scanner', max: options.max, link: ipc.process(n + 1) }),
  );
  return { ipc, gates };
}

describe('ClusterConcurrencyGate with the primary’s ConcurrencyGateHost', () => {
  it('gives exactly `max` slots across the processes to calls made at once, and frees them on release', async () => {
    const { gates } = setup({ max: 3 });
    const [a, b] = gates;
    const taken = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).tryAcquire(`r${i}`)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await a.current()).toBe(3);
    expect(await b.current()).toBe(3);

    const holders = taken.flatMap((t, i) => (t ? [i] : []));
    await (holders[0] % 2 === 0 ? a : b).release(`r${holders[0]}`);
    await settled();
    expect(await b.current()).toBe(2);
    expect(await b.tryAcquire('next')).toBe(true);
    expect(await a.tryAcquire('one-too-many')).toBe(false);
  });

  it('frees the slots of a process that exits, and only those', async () => {
    const { ipc, gates } = setup({ max: 3 });
    const [a, b] = gates;
    expect(await a.tryAcquire('a1')).toBe(true);
    expect(await a.tryAcquire('a2')).toBe(true);
    expect(await b.tryAcquire('b1')).toBe(true);
    expect(await b.tryAcquire('b2')).toBe(false);
    ipc.exit(1);
    expect(await b.current()).toBe(1);
    expect(await b.tryAcquire('b2')).toBe(true);
    expect(await b.tryAcquire('b3')).toBe(true);
    expect(await b.tryAcquire('b4')).toBe(false);
  });

  it('frees a slot whose lease has ended (a request that hangs)', async () => {
    let now = 1_000_000;
    const { gates } = setup({ max: 1, now: () => now });
    const [a, b] = gates;
    expect(await a.tryAcquire('hangs')).toBe(true);
    expect(await b.tryAcquire('waits')).toBe(false);
    now += 120_000 - 1;
    expect(await b.tryAcquire('waits')).toBe(false);
    now += 1;
    expect(await b.current()).toBe(0);
    expect(await b.tryAcquire('waits')).toBe(true);
  });

  it('keeps the gates of different names apart', async () => {
    const ipc = new FakeCluster();
    new ConcurrencyGateHost(ipc.primary);
    const one = new ClusterConcurrencyGate({ gate: 'one', max: 1, link: ipc.process(1) });
    const two = new ClusterConcurrencyGate({ gate: 'two', max: 1, link: ipc.process(1) });
    expect(await one.tryAcquire('x')).toBe(true);
    expect(await two.tryAcquire('y')).toBe(true);
    expect(await one.tryAcquire('z')).toBe(false);
  });

  it('lets the call through when the primary does not answer in time, as the Redis gate does when Redis is down', async () => {
    jest.useFakeTimers();
    try {
      const { ipc, gates } = setup({ max: 1, processes: 1 });
      ipc.unanswered.add(1);
      const taken = gates[0].tryAcquire('lonely');
      const held = gates[0].current();
      jest.advanceTimersByTime(1_999);
      const early = await Promise.race([taken, Promise.resolve('still waiting')]);
      expect(early).toBe('still waiting');
      jest.advanceTimersByTime(1);
      expect(await taken).toBe(true);
      expect(await held).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('lets the call through at once when the channel to the primary is closed', async () => {
    const { ipc, gates } = setup({ max: 1, processes: 1 });
    ipc.closed.add(1);
    expect(await gates[0].tryAcquire('orphan')).toBe(true);
    expect(await gates[0].current()).toBe(0);
    await gates[0].release('orphan');
  });
});
