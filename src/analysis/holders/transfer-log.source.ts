import { numberToHex, type Address, type Hex, type PublicClient } from 'viem';
import { toChainError, withChainErrors } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import { LogRangeRefusedError } from './holders.errors';
import type { ChainHead, TransferLog } from './holders.types';
import { LogRangePolicy, rangeRefusal, type BlockWindow } from './log-range.policy';
import { parseTransferLog, TRANSFER_TOPIC, type RawLog } from './transfer.batch';

/** EIP-7702: an EOA delegating to code shows this prefix; it is still a wallet, not a contract. */
const DELEGATION_PREFIX = '0xef0100';

export interface FetchedWindow extends BlockWindow {
  logs: TransferLog[];
}

/**
 * The chain side of the holder index: the head, Transfer logs by block window (shrinking the
 * window when the node refuses it), block times when the node omits them, and code checks.
 * Raw JSON-RPC on purpose: viem's log formatting costs more than the indexing itself.
 */
export class TransferLogSource {
  getLogsRequests = 0;
  rangeRefusals = 0;

  constructor(
    private readonly client: PublicClient,
    private readonly chain: ChainKey,
  ) {}

  async head(): Promise<ChainHead> {
    const block = await withChainErrors(this.chain, () =>
      this.client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] }),
    );
    if (!block?.number) throw new Error(`Chain ${this.chain} returned no latest block`);
    return { number: Number(block.number), timestamp: Number(block.timestamp) };
  }

  /** Logs from `from` up to at most `target`, as many blocks as the node accepts in one request. */
  async fetchWindow(params: {
    token: Address;
    from: number;
    target: number;
    policy: LogRangePolicy;
  }): Promise<FetchedWindow> {
    const { token, from, target, policy } = params;
    for (;;) {
      const window = policy.window(from, target);
      const span = window.to - window.from + 1;
      try {
        const logs = await this.getTransfers(token, window);
        policy.succeeded(span, logs.length);
        return { ...window, logs };
      } catch (err) {
        const refusal = rangeRefusal(err);
        if (!refusal) throw toChainError(err, this.chain);
        this.rangeRefusals++;
        const hint = refusal.hint ?? (refusal.ratio === undefined ? undefined : Math.floor(span * refusal.ratio));
        if (!policy.refused(span, hint)) throw new LogRangeRefusedError(this.chain, window.from);
      }
    }
  }

  /**
   * Gives logs at or after `horizon` (unix seconds) their block time when the node left it out
   * (older nodes): one header read to see whether the window reaches the horizon, then one batch.
   */
  async fillTimestamps(window: FetchedWindow, horizon: number): Promise<void> {
    const missing = window.logs.filter((l) => l.timestamp === undefined);
    if (missing.length === 0) return;
    const [end] = await this.blockTimes([window.to]);
    if (end < horizon) return;
    const blocks = [...new Set(missing.map((l) => l.block))];
    const times = new Map<number, number>();
    (await this.blockTimes(blocks)).forEach((t, i) => times.set(blocks[i], t));
    for (const log of missing) log.timestamp = times.get(log.block);
  }

  /** Which addresses hold code (one JSON-RPC batch: the transport folds concurrent calls). */
  async contractFlags(addresses: readonly string[]): Promise<boolean[]> {
    if (addresses.length === 0) return [];
    const codes = await withChainErrors(this.chain, () =>
      Promise.all(
        addresses.map((a) => this.client.request({ method: 'eth_getCode', params: [a as Address, 'latest'] })),
      ),
    );
    return codes.map((code: Hex) => code.length > 2 && !code.toLowerCase().startsWith(DELEGATION_PREFIX));
  }

  private async getTransfers(token: Address, window: BlockWindow): Promise<TransferLog[]> {
    this.getLogsRequests++;
    const raw = (await this.client.request({
      method: 'eth_getLogs',
      params: [
        {
          address: token,
          fromBlock: numberToHex(window.from),
          toBlock: numberToHex(window.to),
          topics: [TRANSFER_TOPIC],
        },
      ],
    })) as unknown as RawLog[];
    const logs: TransferLog[] = [];
    for (const entry of raw) {
      const log = parseTransferLog(entry);
      if (log) logs.push(log);
    }
    // Nodes return logs in chain order; sorting anyway keeps "first incoming transfer" exact.
    return logs.sort((a, b) => a.block - b.block || a.logIndex - b.logIndex);
  }

  private async blockTimes(blocks: number[]): Promise<number[]> {
    const headers = await withChainErrors(this.chain, () =>
      Promise.all(
        blocks.map((b) => this.client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(b), false] })),
      ),
    );
    return headers.map((h, i) => {
      if (!h) throw new Error(`Chain ${this.chain} has no block ${blocks[i]}`);
      return Number(h.timestamp);
    });
  }
}
