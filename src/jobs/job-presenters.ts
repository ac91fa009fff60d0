import { Injectable } from '@nestjs/common';
import type { JobSurface, ScanJob } from './scan-job.types';

/** How a surface shows a job (its status body, as GET …/jobs/{id} answers and the webhook carries). */
export type JobPresenter = (job: ScanJob) => unknown;

/** How a watch's alert is shown in its webhook (null when the alert is gone). */
export type AlertPresenter = (alertId: bigint, keyId: string) => Promise<unknown>;

/**
 * The surfaces' job presenters, registered by the HTTP modules when they start (jobs sit below HTTP and
 * cannot import it): a worker runs the same modules, so a webhook carries what a GET of the job answers.
 * Likewise the alert presenter of watches (surface A's), for their webhooks.
 */
@Injectable()
export class JobPresenters {
  private readonly bySurface = new Map<JobSurface, JobPresenter>();
  private alertPresenter: AlertPresenter | undefined;

  registerAlerts(presenter: AlertPresenter): void {
    this.alertPresenter = presenter;
  }

  presentAlert(alertId: bigint, keyId: string): Promise<unknown> {
    if (!this.alertPresenter) throw new Error('no alert presenter');
    return this.alertPresenter(alertId, keyId);
  }

  register(surface: JobSurface, presenter: JobPresenter): void {
    this.bySurface.set(surface, presenter);
  }

  present(job: ScanJob): unknown {
    const presenter = this.bySurface.get(job.surface);
    if (!presenter) throw new Error(`no job presenter for surface ${job.surface}`);
    return presenter(job);
  }
}
