import { HttpStatus } from '@nestjs/common';
import type { HttpReply } from '../auth/request-context';

/** The 202 of a scan asked for as a job: documented the same way on every surface. */
export const JOB_ACCEPTED = {
  status: HttpStatus.ACCEPTED,
  description:
    "Accepted as a job (asked with Prefer: respond-async, async: true or a callback_url): its status in the surface's envelope, named by job_id, with status_url and events_url",
  headers: {
    Location: { description: "The job's status URL", schema: { type: 'string' as const } },
    'Preference-Applied': { description: '`respond-async`', schema: { type: 'string' as const } },
  },
};

/** Answers 202 with the job's status body (in the surface's envelope), its status URL in Location. */
export function acceptJob<T>(res: HttpReply, body: T, statusUrl: string): T {
  res.status(HttpStatus.ACCEPTED);
  res.header('Location', statusUrl);
  res.header('Preference-Applied', 'respond-async');
  return body;
}
