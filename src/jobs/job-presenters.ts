import { Injectable } from '@nestjs/common';
import type { JobSurface, ScanJob } from './scan-job.types';

/** How a surface shows a job (its status body, as GET …/jobs/{id} answers and the webhook carries). */
export type JobPresenter = (job: ScanJob) => unknown;

/** A watch's alert as the watches layer loads it: which surface's envelope its webhook carries. */
export interface SurfacedAlert {
  surface: JobSurface;
}

/**
 * The surfaces' job presenters, registered by the HTTP modules when they start (jobs sit below HTTP and
 * cannot import it): a worker runs the same modules, so a webhook carries what a GET of the job answers.
 * Likewise the alert presenter of watches (surface A's), for their webhooks.
 */
@Injectable()
export class JobPresenters {
  private readonly bySurface = new Map<JobSurface, JobPresenter>();
  private alertLoader: ((alertId: bigint, keyId: string) => Promise<SurfacedAlert | null>) | undefined;
  private readonly alertPresenters = new Map<JobSurface, (alert: SurfacedAlert) => unknown>();

  /** The watches layer says how to load an alert (jobs cannot import watches). */
  registerAlertLoader(load: (alertId: bigint, keyId: string) => Promise<SurfacedAlert | null>): void {
    this.alertLoader = load;
  }

  /** A surface says how its watches' alerts are shown (what its alert stream's events carry). */
  registerAlertPresenter<T extends SurfacedAlert>(surface: JobSurface, present: (alert: T) => unknown): void {
    this.alertPresenters.set(surface, present as (alert: SurfacedAlert) => unknown);
  }

  /** The body of an alert's webhook, in the envelope of its watch's surface; null when the alert is gone. */
  async presentAlert(alertId: bigint, keyId: string): Promise<unknown> {
    if (!this.alertLoader) throw new Error('no alert loader');
    const alert = await this.alertLoader(alertId, keyId);
    if (!alert) return null;
    const present = this.alertPresenters.get(alert.surface);
    if (!present) throw new Error(`no alert presenter for surface ${alert.surface}`);
    return present(alert);
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
