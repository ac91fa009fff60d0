import { foldTransfers, parseTransferLog, TRANSFER_TOPIC, type RawLog } from './transfer.batch';
import type { TransferLog } from './holders.types';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const ZERO = '0x0000000000000000000000000000000000000000';
const topic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`;
const transfer = (overrides: Partial<TransferLog>): TransferLog => ({
  block: 1,
  logIndex: 0,
  from: A,
  to: B,
  value: 1n,
  timestamp: 1_000,
  ...overrides,
});

describe('parseTransferLog', () => {
  const raw = (overrides: Partial<RawLog> = {}): RawLog => ({
    topics: [TRANSFER_TOPIC, topic('0x00000000000000000000000000000000000000AA'), topic(B)],
    data: `0x${(2n ** 255n).toString(16).padStart(64, '0')}`,
    blockNumber: '0x10',
    logIndex: '0x3',
    blockTimestamp: '0x64',
    ...overrides,
  });

  it('decodes an ERC-20 Transfer with lowercase addresses', () => {
    expect(parseTransferLog(raw())).toEqual({
      block: 16,
      logIndex: 3,
      from: A,
      to: B,
      value: 2n ** 255n,
      timestamp: 100,
    });
  });

  it('leaves the time unknown when the node does not send it', () => {
    expect(parseTransferLog(raw({ blockTimestamp: undefined }))?.timestamp).toBeUndefined();
  });

  it('skips ERC-721 transfers, removed logs, pending logs and malformed data', () => {
    expect(
      parseTransferLog(raw({ topics: [TRANSFER_TOPIC, topic(A), topic(B), topic(A)], data: '0x' })),
    ).toBeUndefined();
    expect(parseTransferLog(raw({ removed: true }))).toBeUndefined();
    expect(parseTransferLog(raw({ blockNumber: null }))).toBeUndefined();
    expect(parseTransferLog(raw({ data: '0x01' }))).toBeUndefined();
  });
});

describe('foldTransfers', () => {
  it('nets each address once per batch and conserves the total', () => {
    const sut = foldTransfers(
      [
        transfer({ from: ZERO, to: A, value: 100n }),
        transfer({ from: A, to: B, value: 30n, logIndex: 1 }),
        transfer({ from: B, to: A, value: 5n, block: 2 }),
      ],
      0,
    );
    const byHolder = Object.fromEntries(sut.deltas.map((d) => [d.holder, d.delta]));
    expect(byHolder).toEqual({ [ZERO]: -100n, [A]: 75n, [B]: 25n });
    expect(sut.deltas.reduce((s, d) => s + d.delta, 0n)).toBe(0n);
    expect(sut.transfers).toBe(3);
  });

  it('keeps the first incoming transfer of each address', () => {
    const sut = foldTransfers(
      [transfer({ from: ZERO, to: A, block: 5, timestamp: 50 }), transfer({ from: B, to: A, block: 9, timestamp: 90 })],
      0,
    );
    expect(sut.deltas.find((d) => d.holder === A)).toMatchObject({ firstInBlock: 5, firstInAt: 50 });
    expect(sut.deltas.find((d) => d.holder === ZERO)).toMatchObject({ firstInBlock: null, firstInAt: null });
  });

  it('ignores zero-value transfers (address poisoning is not a new holder)', () => {
    const sut = foldTransfers([transfer({ value: 0n })], 0);
    expect(sut.deltas).toEqual([]);
    expect(sut.recent).toEqual([]);
  });

  it('keeps only transfers at or after the horizon, and none of unknown time', () => {
    const old = transfer({ timestamp: 99 });
    const edge = transfer({ timestamp: 100, logIndex: 1 });
    const unknown = transfer({ timestamp: undefined, logIndex: 2 });
    expect(foldTransfers([old, edge, unknown], 100).recent).toEqual([edge]);
  });
});
