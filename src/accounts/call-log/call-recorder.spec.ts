import { FakeCallLogRepository } from '../../../test/fakes';
import { callEntry } from '../../../test/factories';
import type { CallEntry } from './call-log.repository';
import { CallRecorder } from './call-recorder';

/** A call log whose database refuses the first batch, then recovers. */
class FailingOnceCallLogRepository extends FakeCallLogRepository {
  private failed = false;

  override async insertMany(entries: CallEntry[]): Promise<void> {
    if (!this.failed) {
      this.failed = true;
      throw new Error('connection refused');
    }
    return super.insertMany(entries);
  }
}

describe('CallRecorder', () => {
  afterEach(() => jest.useRealTimers());

  it('writes nothing during the request, then everything recorded in one batch on flush', async () => {
    const calls = new FakeCallLogRepository();
    const sut = new CallRecorder(calls);
    sut.record(callEntry({ endpoint: '/a' }));
    sut.record(callEntry({ endpoint: '/b' }));
    expect(calls.batches).toHaveLength(0);
    await sut.flush();
    expect(calls.batches.map((b) => b.map((e) => e.endpoint))).toEqual([['/a', '/b']]);
    await sut.flush();
    expect(calls.batches).toHaveLength(1);
  });

  it('flushes by itself 200 ms after the first call of a batch', async () => {
    jest.useFakeTimers();
    const calls = new FakeCallLogRepository();
    const sut = new CallRecorder(calls);
    sut.record(callEntry());
    await jest.advanceTimersByTimeAsync(199);
    expect(calls.entries).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls.entries).toHaveLength(1);
    await sut.onModuleDestroy();
  });

  it('flushes at once when 500 calls are waiting', async () => {
    const calls = new FakeCallLogRepository();
    const sut = new CallRecorder(calls);
    for (let i = 0; i < 501; i++) sut.record(callEntry());
    await sut.flush();
    expect(calls.batches.map((b) => b.length)).toEqual([500, 1]);
  });

  it('writes what is pending on shutdown', async () => {
    const calls = new FakeCallLogRepository();
    const sut = new CallRecorder(calls);
    sut.record(callEntry());
    await sut.onModuleDestroy();
    expect(calls.entries).toHaveLength(1);
  });

  it('never fails a caller when the database refuses the batch: the batch is dropped, later ones still go', async () => {
    const calls = new FailingOnceCallLogRepository();
    const sut = new CallRecorder(calls);
    const logged = jest
      .spyOn((sut as unknown as { logger: { error: (...args: unknown[]) => void } }).logger, 'error')
      .mockImplementation(() => undefined);
    sut.record(callEntry());
    await expect(sut.flush()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ lost: 1 }), 'Could not record calls');
    sut.record(callEntry({ endpoint: '/later' }));
    await sut.flush();
    expect(calls.entries.map((e) => e.endpoint)).toEqual(['/later']);
  });
});
