import { Injectable, Logger } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ChainRegistry } from '../chain/chain-registry';
import { AppConfig } from '../config/app-config';
import { guardedLookup } from './callback-url';
import { JobPresenters } from './job-presenters';
import { JobQueue, QUEUES } from './job-queue';
import { ScanJobRepository } from './scan-job.repository';
import { servedJob, type WebhookDelivery } from './scan-job.types';

/** Header carrying `sha256=<hex HMAC-SHA256 of the raw body under the key's webhook secret>`. */
export const SIGNATURE_HEADER = 'X-Webhook-Signature';

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Webhooks of finished jobs and of watch alerts: one delivery row per job or alert (unique, so never two), sent by the
 * `webhook` queue's workers as a POST of the job's status body (what GET …/jobs/{id} answers), signed
 * with the key's secret; any answer but 2xx, a timeout or a refused address is retried with doubling
 * back-off (pg-boss) up to WEBHOOK_RETRY_LIMIT times, each attempt recorded on the row.
 */
@Injectable()
export class WebhookSender {
  private readonly logger = new Logger(WebhookSender.name);

  constructor(
    private readonly repository: ScanJobRepository,
    private readonly queue: JobQueue,
    private readonly presenters: JobPresenters,
    private readonly chains: ChainRegistry,
    private readonly config: AppConfig,
  ) {}

  async enqueue(d: { jobId: string; keyId: string; url: string }): Promise<void> {
    const id = await this.repository.createDelivery(d);
    if (!id) return;
    await this.send(id);
  }

  /** Queues a recorded delivery (a watch alert's is recorded with the alert); queuing it again is harmless. */
  async send(deliveryId: string): Promise<void> {
    await this.queue.send(
      QUEUES.webhook,
      { deliveryId },
      { id: deliveryId, retryLimit: this.config.webhooks.retryLimit, retryDelaySeconds: 2 },
    );
  }

  /** One attempt; throws (for a retry) when it was not accepted and retries remain. */
  async deliver(deliveryId: string, attempt: { retryCount: number; retryLimit: number }): Promise<void> {
    const delivery = await this.repository.findDelivery(deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const subject = await this.subject(delivery);
    if (!subject) return;
    const body = JSON.stringify(subject.body);
    const secret = await this.repository.webhookSecret(delivery.keyId, randomBytes(32).toString('hex'));
    const outcome = await this.post(delivery.url, body, {
      [SIGNATURE_HEADER]: signBody(secret, body),
      'X-Webhook-Id': delivery.id,
      'X-Webhook-Event': subject.event,
    });
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const last = attempt.retryCount >= attempt.retryLimit;
    await this.repository.recordAttempt(delivery.id, {
      status: delivered ? 'delivered' : last ? 'failed' : 'pending',
      httpStatus: outcome.status,
      error: outcome.error,
    });
    if (!delivered && !last) {
      this.logger.warn(
        { deliveryId, status: outcome.status, error: outcome.error },
        'Webhook not accepted; it will be retried',
      );
      throw new Error(`webhook not accepted: ${outcome.error ?? outcome.status}`);
    }
  }

  /** What a delivery carries: the job's status body (`scan.<status>`), or the alert (`watch.alert`); null when gone. */
  private async subject(
    delivery: WebhookDelivery & { keyId: string },
  ): Promise<{ body: unknown; event: string } | null> {
    if (delivery.alertId !== null) {
      const body = await this.presenters.presentAlert(BigInt(delivery.alertId), delivery.keyId);
      return body === null ? null : { body, event: 'watch.alert' };
    }
    const job = delivery.jobId ? await this.repository.findForKey(delivery.jobId, delivery.keyId) : null;
    if (!job) return null;
    return { body: this.presenters.present(servedJob(job, this.chains)), event: `scan.${job.status}` };
  }

  private post(
    url: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ status: number | null; error: string | null }> {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      const req = send(
        target,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            'User-Agent': `token-analysis-api/${this.config.version}`,
            ...headers,
          },
          timeout: this.config.webhooks.timeoutMs,
          lookup: guardedLookup(this.config.webhooks.allowPrivate) as never,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
          res.on('error', (err) => resolve({ status: res.statusCode ?? null, error: err.message }));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${this.config.webhooks.timeoutMs} ms`)));
      req.on('error', (err) => resolve({ status: null, error: err.message }));
      req.end(body);
    });
  }
}
