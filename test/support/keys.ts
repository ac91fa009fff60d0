import { createHash } from 'node:crypto';
import { Client } from 'pg';
import type { TestApp } from './test-app';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Runs SQL on the suite's database (for setting up states the API cannot reach quickly, like expiry). */
export async function sql<T extends Record<string, unknown> = Record<string, unknown>>(
  t: TestApp,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: t.db.url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

let ipCounter = 1;
/** A distinct client address per call, so per-IP key-issuing limits do not couple unrelated tests. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export async function freeKey(t: TestApp): Promise<string> {
  const res = await t.http
    .post('/api/v1/auth/request-key')
    .set('X-Forwarded-For', nextIp())
    .send({ client_name: 'Test', email: 'test@example.com', intended_usage: 'tests' })
    .expect(201);
  return res.body.data.api_key as string;
}

/** A key of any plan, issued through the service itself. */
export async function keyOfPlan(
  t: TestApp,
  plan: 'starter' | 'pro' | 'team' | 'enterprise',
  wallet?: string,
): Promise<string> {
  const { ApiKeyService } = await import('../../src/accounts/api-key.service');
  const issued = await t.app.get(ApiKeyService).issue({ plan, ownerWallet: wallet });
  return issued.apiKey;
}

export async function flushCalls(t: TestApp): Promise<void> {
  const { CallRecorder } = await import('../../src/accounts/call-log/call-recorder');
  await t.app.get(CallRecorder).flush();
}
