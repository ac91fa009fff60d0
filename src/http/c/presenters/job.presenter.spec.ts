import { SCAN_JOB_ID as ID, scanJob } from '../../../../test/factories';
import { presentScanJobC, ScanJobC } from './job.presenter';

describe("surface C's job presenter", () => {
  it("shows the job as a bare object like C's other answers, named by its job_id with links under /v1", () => {
    const job = scanJob({ surface: 'C', request: { ...scanJob().request, presentation: { endpoint: 'contract' } } });
    const sut = presentScanJobC(job);
    expect(sut).not.toHaveProperty('success');
    expect(sut).not.toHaveProperty('data');
    expect(sut).toMatchObject({ job_id: ID, status_url: `/v1/jobs/${ID}`, events_url: `/v1/jobs/${ID}/events` });
    expect(ScanJobC.parse(sut)).toEqual(sut);
  });
});
