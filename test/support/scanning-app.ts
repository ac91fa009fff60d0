import { keyOfPlan } from './keys';
import { bootTestApp, type TestApp } from './test-app';

/** Upstream buckets no run of back-to-back scans meets; the buckets themselves are tested in upstream-limits.e2e-spec.ts. */
export const ROOMY_UPSTREAMS = {
  UPSTREAM_LIMITS: 'audit_provider=1000/1000,scanner_provider=1000/1000,market_data=1000/1000,social_data=1000/1000',
};

/** The app for a suite that scans back to back, and a team key on it. */
export async function bootScanningApp(): Promise<{ t: TestApp; key: string }> {
  const t = await bootTestApp({ env: ROOMY_UPSTREAMS });
  return { t, key: await keyOfPlan(t, 'team') };
}
