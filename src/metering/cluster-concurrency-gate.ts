import { Logger } from '@nestjs/common';
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import type { ConcurrencyGate } from './concurrency-gate';
import { CLUSTER_ANSWER_MS } from './shared-limiter';

const CHANNEL = 'tas:concurrency-gate';
/** A slot not released within this is freed anyway (a request that hangs), as in RedisConcurrencyGate. */
const LEASE_MS = 120_000;

type Ask =
  | { channel: typeof CHANNEL; op: 'acquire'; ask: string; gate: string; slot: string; max: number; leaseMs: number }
  | { channel: typeof CHANNEL; op: 'release'; gate: string; slot: string }
  | { channel: typeof CHANNEL; op: 'current'; ask: string; gate: string };
interface Answer {
  channel: typeof CHANNEL;
  ask: string;
  value: boolean | number;
}

/** An API process's end of the IPC channel to the cluster's primary. */
export interface PrimaryLink {
  /** False when the channel is closed (the primary is gone): nothing was sent. */
  send(message: Ask): boolean;
  onMessage(listener: (message: unknown) => void): void;
}

/** The primary's end of the IPC channels to its API processes, each named by a number. */
export interface ProcessesLink {
  send(to: number, message: Answer): void;
  onMessage(listener: (from: number, message: unknown) => void): void;
  onExit(listener: (from: number) => void): void;
}

/** node:cluster's channel, seen from a forked process. */
export function clusterPrimaryLink(): PrimaryLink {
  return {
    // Sending on a closed channel would raise an 'error' event on `process`, which nothing handles.
    send: (message) => process.connected && process.send!(message),
    onMessage: (listener) => process.on('message', listener),
  };
}

/** node:cluster's channels, seen from the primary. */
export function clusterProcessesLink(): ProcessesLink {
  return {
    send: (to, message) => {
      const worker = cluster.workers?.[to];
      if (worker?.isConnected()) worker.send(message);
    },
    onMessage: (listener) => cluster.on('message', (worker, message) => listener(worker.id, message)),
    onExit: (listener) => cluster.on('exit', (worker) => listener(worker.id)),
  };
}

/** A gate's slots: request id → the process holding it and its lease's end. */
type Slots = Map<string, { holder: number; until: number }>;

function isAsk(message: unknown): message is Ask {
  return (message as Partial<Ask> | null)?.channel === CHANNEL;
}

/**
 * In the cluster's primary: the slots of every gate its API processes share. Taking a slot is checked
 * and done in one step of the primary's event loop, so the count is exact across the processes. A slot
 * belongs to the process that took it and is freed when that process exits, or when its lease ends.
 */
export class ConcurrencyGateHost {
  private readonly gates = new Map<string, Slots>();

  constructor(
    private readonly link: ProcessesLink,
    private readonly now: () => number = Date.now,
  ) {
    link.onMessage((from, message) => {
      if (isAsk(message)) this.answer(from, message);
    });
    link.onExit((from) => this.dropHolder(from));
  }

  private answer(from: number, ask: Ask): void {
    const slots = this.slots(ask.gate);
    switch (ask.op) {
      case 'acquire': {
        const taken = slots.size < ask.max;
        if (taken) slots.set(ask.slot, { holder: from, until: this.now() + ask.leaseMs });
        return this.link.send(from, { channel: CHANNEL, ask: ask.ask, value: taken });
      }
      case 'release':
        slots.delete(ask.slot);
        return;
      case 'current':
        return this.link.send(from, { channel: CHANNEL, ask: ask.ask, value: slots.size });
    }
  }

  /** The gate's slots whose lease has not ended. */
  private slots(gate: string): Slots {
    let slots = this.gates.get(gate);
    if (!slots) this.gates.set(gate, (slots = new Map() as Slots));
    const now = this.now();
    for (const [slot, { until }] of slots) if (until <= now) slots.delete(slot);
    return slots;
  }

  private dropHolder(holder: number): void {
    for (const slots of this.gates.values())
      for (const [slot, held] of slots) if (held.holder === holder) slots.delete(slot);
  }
}

/**
 * In an API process of a cluster without Redis: slots for requests in flight, held by the primary's
 * ConcurrencyGateHost and shared by every API process. When the primary does not answer in time, the
 * call is let through (logged), as RedisConcurrencyGate does when Redis is down.
 */
export class ClusterConcurrencyGate implements ConcurrencyGate {
  private readonly logger = new Logger(ClusterConcurrencyGate.name);
  private readonly waiting = new Map<string, (value: boolean | number) => void>();
  private readonly link: PrimaryLink;
  /** Asks are numbered per gate: `<this gate's id>:<n>`, so two gates of one process never mix answers. */
  private readonly id = randomUUID();
  private asked = 0;
  private lastWarning = 0;

  constructor(
    private readonly options: { gate: string; max: number; link?: PrimaryLink; leaseMs?: number; answerMs?: number },
  ) {
    this.link = options.link ?? clusterPrimaryLink();
    this.link.onMessage((message) => {
      const answer = message as Partial<Answer> | null;
      if (answer?.channel !== CHANNEL || typeof answer.ask !== 'string') return;
      this.waiting.get(answer.ask)?.(answer.value!);
    });
  }

  async tryAcquire(id: string): Promise<boolean> {
    const { gate, max, leaseMs = LEASE_MS } = this.options;
    const taken = await this.ask((ask) => ({ channel: CHANNEL, op: 'acquire', ask, gate, slot: id, max, leaseMs }));
    return taken === undefined ? true : taken === true;
  }

  async release(id: string): Promise<void> {
    this.link.send({ channel: CHANNEL, op: 'release', gate: this.options.gate, slot: id });
  }

  async current(): Promise<number> {
    const held = await this.ask((ask) => ({ channel: CHANNEL, op: 'current', ask, gate: this.options.gate }));
    return typeof held === 'number' ? held : 0;
  }

  /** The primary's answer, or undefined when it gave none in time. */
  private ask(message: (ask: string) => Ask): Promise<boolean | number | undefined> {
    const ask = `${this.id}:${++this.asked}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(ask);
        this.warn();
        resolve(undefined);
      }, this.options.answerMs ?? CLUSTER_ANSWER_MS);
      const answered = (value: boolean | number | undefined) => {
        clearTimeout(timer);
        this.waiting.delete(ask);
        resolve(value);
      };
      this.waiting.set(ask, answered);
      if (!this.link.send(message(ask))) answered(undefined);
    });
  }

  private warn(): void {
    if (Date.now() - this.lastWarning < 60_000) return;
    this.lastWarning = Date.now();
    this.logger.warn('Concurrency gate: the cluster primary did not answer, letting the call through');
  }
}
