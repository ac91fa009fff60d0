import type { MessageEvent } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { ScanJobService } from '../../jobs/scan-jobs.service';
import type { ScanJob } from '../../jobs/scan-job.types';

/**
 * A job's status as server-sent events: one event each time it changes, named by the job's status
 * (`queued`, `running`, `done`, `failed`), the data the status body; the stream ends once it is finished.
 */
export function jobEvents<T>(
  jobs: ScanJobService,
  job: ScanJob,
  present: (job: ScanJob) => T,
): Observable<MessageEvent> {
  return new Observable<MessageEvent>((subscriber) => {
    let stopped = false;
    jobs
      .watch(
        job,
        (current) =>
          subscriber.next({ type: current.status, id: String(current.attempts), data: present(current) as object }),
        () => stopped,
      )
      .then(
        () => subscriber.complete(),
        (err: unknown) => subscriber.error(err),
      );
    return () => {
      stopped = true;
    };
  });
}

export const JOB_EVENTS_DOC = {
  status: 200,
  description:
    'text/event-stream: an event each time the job changes, named queued, running, done or failed, whose data is the job status body; the stream ends when the job is finished',
  content: {
    'text/event-stream': {
      schema: { type: 'string' as const, example: 'event: running\ndata: {"job_id":"…","status":"running",…}\n\n' },
    },
  },
};
