import { failedScanJob, SCAN_JOB_ID as ID, scanJob } from '../../../../test/factories';
import { presentScanJobB, presentWebhooksB, ScanJobB, WebhooksB } from './job.presenter';

const asked = { surface: 'B' as const, request: { ...scanJob().request, presentation: { endpoint: 'security-only' } } };

describe("surface B's job presenter", () => {
  it("gives the job B's flat success: true, named by its job_id with links under B's base", () => {
    const sut = presentScanJobB(scanJob(asked), '/scanner/api/v1');
    expect(sut).not.toHaveProperty('data');
    expect(sut).toMatchObject({
      success: true,
      job_id: ID,
      status_url: `/scanner/api/v1/jobs/${ID}`,
      events_url: `/scanner/api/v1/jobs/${ID}/events`,
    });
    expect(ScanJobB.parse(sut)).toEqual(sut);
  });

  it("keeps a failed job's error in B's error envelope", () => {
    const sut = presentScanJobB(failedScanJob(asked), '/scanner/api/v1');
    expect(sut).toMatchObject({ success: true, status: 'failed', error: { success: false, error: 'not_found' } });
    expect(ScanJobB.parse(sut)).toEqual(sut);
  });

  it('gives the webhooks listing a flat success: true', () => {
    const sut = presentWebhooksB({ secret: 'f'.repeat(64), deliveries: [] });
    expect(sut).toEqual({
      success: true,
      signing_secret: 'f'.repeat(64),
      signature_header: 'X-Webhook-Signature',
      deliveries: [],
    });
    expect(WebhooksB.parse(sut)).toEqual(sut);
  });
});
