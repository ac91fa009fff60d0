import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { CallEntry, CallLogRepository } from './call-log.repository';

const FLUSH_EVERY_MS = 200;
const FLUSH_AT = 500;

/**
 * Records calls after their responses, in batches, so the history never slows a request down.
 * Pending entries are written on shutdown.
 */
@Injectable()
export class CallRecorder implements OnModuleDestroy {
  private readonly logger = new Logger(CallRecorder.name);
  private buffer: CallEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly calls: CallLogRepository) {}

  record(entry: CallEntry): void {
    this.buffer.push(entry);
    if (this.buffer.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
  }

  /** Writes everything recorded so far; resolves when it is in the database. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.calls.insertMany(batch);
      } catch (err) {
        this.logger.error({ err, lost: batch.length }, 'Could not record calls');
      }
    });
    return this.writing;
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
