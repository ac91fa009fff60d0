import { failedScanJob, SCAN_JOB_ID as ID, scanJob } from '../../../../test/factories';
import { presentScanJobA, presentWebhooksA, ScanJobA, WebhooksA } from './job.presenter';

const now = new Date('2026-11-28T12:00:01.000Z');

describe("surface A's job presenter", () => {
  it("puts the job in A's envelope ({ success, data }), named by its job_id with links under /api/v1", () => {
    const sut = presentScanJobA(scanJob(), now, '1.0.0');
    expect(Object.keys(sut)).toEqual(['success', 'data']);
    expect(sut.success).toBe(true);
    expect(sut.data).toMatchObject({
      job_id: ID,
      status: 'queued',
      status_url: `/api/v1/jobs/${ID}`,
      events_url: `/api/v1/jobs/${ID}/events`,
    });
    expect(ScanJobA.parse(sut)).toEqual(sut);
  });

  it("keeps a failed job's error in A's error envelope, inside the job's success envelope", () => {
    const sut = presentScanJobA(failedScanJob(), now, '1.0.0');
    expect(sut).toMatchObject({
      success: true,
      data: { status: 'failed', error: { success: false, error: { code: 404, type: 'not_found_error' } } },
    });
    expect(ScanJobA.parse(sut)).toEqual(sut);
  });

  it("puts the webhooks listing in A's envelope", () => {
    const sut = presentWebhooksA({ secret: 'f'.repeat(64), deliveries: [] });
    expect(sut).toEqual({
      success: true,
      data: { signing_secret: 'f'.repeat(64), signature_header: 'X-Webhook-Signature', deliveries: [] },
    });
    expect(WebhooksA.parse(sut)).toEqual(sut);
  });
});
