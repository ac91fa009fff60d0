import { Injectable } from '@nestjs/common';
import type { JobSurface, ScanJob } from './scan-job.types';

/** How a surface shows a job (its status body, as GET …/jobs/{id} answers and the webhook carries). */
export type JobPresenter = (job: ScanJob) => unknown;

/**
 * The surfaces' job presenters, registered by the HTTP modules when they start (jobs sit below HTTP and
 * cannot import it): a worker runs the same modules, so a webhook carries what a GET of the job answers.
 */
@Injectable()
export class JobPresenters {
  private readonly bySurface = new Map<JobSurface, JobPresenter>();

  register(surface: JobSurface, presenter: JobPresenter): void {
    this.bySurface.set(surface, presenter);
  }

  present(job: ScanJob): unknown {
    const presenter = this.bySurface.get(job.surface);
    if (!presenter) throw new Error(`no job presenter for surface ${job.surface}`);
    return presenter(job);
  }
}
