/**
 * How many blocks one eth_getLogs asks for. Providers cap either the block span (Infura, QuickNode,
 * public nodes: 1k–10k blocks) or the result size (10k logs, response bytes), and say so only by
 * refusing. So: start wide, shrink on a refusal (to the provider's hint, the last span that worked,
 * or half), grow again after successes that came back well under the result cap.
 */
export interface LogRangePolicyOptions {
  initialRange: number;
  maxRange: number;
  /** Results one request should stay under; growing stops when a success returns more than half of it. */
  targetLogs: number;
}

/**
 * 2,000 blocks is within what common providers accept; empty stretches double it quickly, so a
 * cold index from genesis reaches a token deployed at block 20M in about 20 requests.
 */
export const DEFAULT_LOG_RANGE: LogRangePolicyOptions = {
  initialRange: 2_000,
  maxRange: 1_000_000,
  targetLogs: 10_000,
};

export interface BlockWindow {
  from: number;
  to: number;
}

/** Successes after which a learned ceiling is forgotten (log density changes along a chain). */
export const CEILING_TTL = 16;

export class LogRangePolicy {
  private range: number;
  /** Smallest span refused lately (Infinity: none); growth stays below it. */
  private ceiling = Infinity;
  /** Largest full-width span that succeeded since the last refusal at or below it. */
  private good = 0;
  private successes = 0;

  constructor(private readonly options: LogRangePolicyOptions = DEFAULT_LOG_RANGE) {
    this.range = Math.max(1, Math.min(options.initialRange, options.maxRange));
  }

  get currentRange(): number {
    return this.range;
  }

  /** The next request's blocks, starting at `from` and never past `target`. */
  window(from: number, target: number): BlockWindow {
    return { from, to: Math.min(target, from + this.range - 1) };
  }

  /**
   * A request over `span` blocks returned `logs` results. Doubles while no refusal is known, then
   * bisects towards the refused span, so a fixed provider cap is found with a few refusals.
   */
  succeeded(span: number, logs: number): void {
    // A short final window says nothing about the range.
    if (span < this.range) return;
    this.good = Math.max(this.good, span);
    if (++this.successes >= CEILING_TTL) {
      this.ceiling = Infinity;
      this.successes = 0;
    }
    // Responses stay near `targetLogs`: a dense window shrinks the next one in proportion (memory,
    // and overlap of fetching with writing), and one half full does not grow into a refusal.
    if (logs > this.options.targetLogs) {
      this.range = Math.max(1, Math.floor((span * this.options.targetLogs) / logs));
      return;
    }
    if (logs > this.options.targetLogs / 2) return;
    const next = Number.isFinite(this.ceiling) ? Math.floor((span + this.ceiling) / 2) : span * 2;
    this.range = Math.min(this.options.maxRange, Math.max(span, next));
  }

  /**
   * A request over `span` blocks was refused: fall back to the last span that worked, or half,
   * or the provider's hint. Returns false when it cannot shrink any further (one block refused).
   */
  refused(span: number, hint?: number): boolean {
    if (span <= 1) return false;
    this.ceiling = Math.min(this.ceiling, span);
    this.successes = 0;
    if (this.good >= span) this.good = 0;
    const fallback = this.good > 0 ? this.good : Math.floor(span / 2);
    this.range = Math.max(1, hint !== undefined && hint < span ? hint : fallback);
    return true;
  }
}

type ErrorLink = {
  name?: unknown;
  code?: unknown;
  status?: unknown;
  message?: unknown;
  details?: unknown;
  shortMessage?: unknown;
  size?: unknown;
  maxSize?: unknown;
  cause?: unknown;
};

// Wordings seen from geth, erigon, Alchemy, Infura, QuickNode, Ankr, BSC/Polygon public nodes.
const RANGE_MESSAGE =
  /block range|range (is )?too (large|wide|big)|more than \d+ (results|logs)|too many (results|logs)|response size|query returned more than|exceeds? (the )?(max(imum)?|limit)|limit exceeded|max(imum)? (block )?range|query timeout|log response|payload too large|results? (limit|cap)/i;
const RATE_LIMIT_MESSAGE = /rate.?limit|too many requests|requests? per second|exceeded.*(capacity|quota)|throughput/i;
/** JSON-RPC "limit exceeded" (EIP-1474); also used for rate limits, told apart by the message. */
const LIMIT_EXCEEDED = -32005;

export interface RangeRefusal {
  /** A block span the provider says will work, when its message names one. */
  hint?: number;
  /** The answer was this many times too big (our own response-size cap): scale the span by it. */
  ratio?: number;
}

/** Margin under a size cap, since log density varies from one window to the next. */
const SIZE_MARGIN = 0.8;

/** Whether an eth_getLogs error (anywhere in its cause chain) is the node refusing the range. */
export function rangeRefusal(err: unknown): RangeRefusal | undefined {
  const texts: string[] = [];
  let refused = false;
  let link: unknown = err;
  for (let depth = 0; link && typeof link === 'object' && depth < 20; depth++) {
    const l = link as ErrorLink;
    // viem's errors put the node's own words in `details`; their `message` also quotes the request
    // body, whose block numbers must not be read as a hint.
    const own =
      typeof l.details === 'string' || typeof l.shortMessage === 'string' ? [l.details, l.shortMessage] : [l.message];
    const text = own.filter((t) => typeof t === 'string').join(' ');
    texts.push(text);
    if (l.status === 413) refused = true;
    // viem's own cap on a response body (10 MB by default): too many logs for one answer.
    if (
      l.name === 'ResponseBodyTooLargeError' &&
      typeof l.size === 'number' &&
      typeof l.maxSize === 'number' &&
      l.size > 0
    ) {
      return { ratio: (l.maxSize / l.size) * SIZE_MARGIN };
    }
    if (l.code === LIMIT_EXCEEDED && !RATE_LIMIT_MESSAGE.test(text)) refused = true;
    if (RANGE_MESSAGE.test(text) && !RATE_LIMIT_MESSAGE.test(text)) refused = true;
    link = l.cause;
  }
  return refused ? { hint: rangeHint(texts.join(' ')) } : undefined;
}

/**
 * The span a provider suggests: Alchemy names a working range as `[0xfrom, 0xto]`; others state
 * their cap ("block range is limited to 2000", "up to a 2K block range", "max 500 blocks").
 */
export function rangeHint(message: string): number | undefined {
  const pair = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(message);
  if (pair) {
    const span = Number(BigInt(pair[2]) - BigInt(pair[1])) + 1;
    return span >= 1 ? span : undefined;
  }
  const cap =
    /(\d[\d,]*)\s*(k)?\s*-?\s*blocks?\s+range/i.exec(message) ??
    /range[^.\d]{0,40}?(?:limit(?:ed)?|max(?:imum)?|exceed|up to|of)[^.\d]{0,20}?(\d[\d,]*)\s*(k)?/i.exec(message) ??
    /range\s*[:=]\s*(\d[\d,]*)\s*(k)?/i.exec(message) ??
    /max(?:imum)?\s*(?:is\s*)?(\d[\d,]*)\s*(k)?\s*blocks/i.exec(message);
  if (!cap) return undefined;
  const n = Number(cap[1].replace(/,/g, '')) * (cap[2] ? 1000 : 1);
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}
