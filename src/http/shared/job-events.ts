import type { MessageEvent } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { ScanJobService } from '../../jobs/scan-jobs.service';
import type { ScanJob } from '../../jobs/scan-job.types';

/**
 * A job's status as server-sent events: one event each time it changes, named by the job's status
 * (`queued`, `running`, `done`, `failed`), the data the status body as the surface presents it (its envelope
 * included); the stream ends once it is finished.
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

/** The first event of a job's stream as each surface sends it: its status body, in the surface's envelope. */
const FIRST_EVENT = {
  A: '{"success":true,"data":{"job_id":"…","status":"running",…}}',
  B: '{"success":true,"job_id":"…","status":"running",…}',
  C: '{"job_id":"…","status":"running",…}',
} as const;

/** The stream's OpenAPI response on a surface: each event's data is what GET …/jobs/{id} answers there. */
export function jobEventsDoc(surface: keyof typeof FIRST_EVENT) {
  return {
    status: 200,
    description:
      'text/event-stream: an event each time the job changes, named queued, running, done or failed, whose data is the job status body (what GET …/jobs/{id} answers, in the same envelope); the stream ends when the job is finished',
    content: {
      'text/event-stream': {
        schema: { type: 'string' as const, example: `event: running\ndata: ${FIRST_EVENT[surface]}\n\n` },
      },
    },
  };
}
