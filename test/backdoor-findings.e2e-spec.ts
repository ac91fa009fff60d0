import type { BackdoorEntry } from '../devnet';
import { bootScanningApp } from './support/scanning-app';
import type { TestApp } from './support/test-app';
import { readManifest } from '../devnet/devnet-manifest';
import type { Hex } from 'viem';
import { readCorpus } from '../bench/detection/evaluate';
import { functionsOf } from '../src/analysis/contract/engine/static-layer';

/** One JSON-RPC call to the test devnet. */
async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(process.env.TEST_DEVNET_RPC_URL!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

const manifest = readManifest();
const backdoors = Object.entries(manifest.backdoors) as [string, BackdoorEntry][];

/** Every backdoor token through HTTP: the engine's kinds, with evidence, the same on A, B and C. */
describe('backdoor tokens: findings through every surface', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => ({ t, key } = await bootScanningApp()));
  afterAll(() => t.close());

  it('gives pre-standard mainnet tokens without totalSupply() a full report, not a 404', async () => {
    const selectors = (code: Hex) => new Set(functionsOf(code).map((f) => f.selector));
    const preStandard = readCorpus('detection-dev.jsonl.gz').filter((r) => {
      const s = selectors(r.code);
      return !s.has('0x18160ddd') && (s.has('0x70a08231') || s.has('0xa9059cbb'));
    });
    expect(preStandard.length).toBeGreaterThan(0);
    for (const [i, sample] of preStandard.entries()) {
      const address = `0x${(0x5e7c0de0 + i).toString(16).padStart(40, '0')}`;
      await rpc('anvil_setCode', [address, sample.code]);
      const a = await t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .send({ contract_address: address, features: ['security'] });
      expect({ address: sample.address, status: a.status }).toEqual({ address: sample.address, status: 200 });
      expect(a.body.data.analysis.security.malicious_functions).toEqual(expect.any(Array));
    }
  });

  it.each(backdoors)('%s: A, B and C list exactly its kinds, each with its evidence', async (_label, token) => {
    const a = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: token.address, features: ['security'] })
      .expect(200);
    const b = await t.http
      .post('/scanner/api/v1/token/security-analysis')
      .set('Authorization', `Bearer ${key}`)
      .send({ contract_address: token.address })
      .expect(200);
    const c = await t.http
      .get(`/v1/analyze/contract/${token.address}`)
      .set('Authorization', `Bearer ${key}`)
      .expect(200);

    const kindsA = (a.body.data.analysis.security.malicious_functions as { kind: string }[]).map((f) => f.kind);
    const kindsB = (b.body.security_analysis.audit_provider_analysis.ai_audit_findings as { kind: string }[]).map(
      (f) => f.kind,
    );
    const kindsC = (c.body.functions as { capability: string | null }[])
      .map((f) => f.capability)
      .filter((k): k is string => k !== null);
    const expected = [...token.expected].sort();
    expect([...new Set(kindsA)].sort()).toEqual(expected);
    expect([...new Set(kindsB)].sort()).toEqual(expected);
    // C lists functions (hidden_owner is a finding about a function C lists under its own kind).
    expect([...new Set(kindsC)].sort()).toEqual(expected.filter((k) => kindsC.includes(k)));
    for (const power of token.powers.filter((p) => expected.includes(p.kind))) {
      const listed = (a.body.data.analysis.security.malicious_functions as { selector: string; risk: string }[]).find(
        (f) => f.selector === power.selector,
      );
      // Who may use it today, in words: the owner, the address in a slot, a role map's member, a hard-coded address.
      expect(listed?.risk).toMatch(
        /as (the owner \(\w+\(\) = 0x[0-9a-fA-F]{40}, [^)]+\)|the address in storage slot 0x[0-9a-f]+ \(0x[0-9a-fA-F]{40}, [^)]+\)|a member of the role map \(entry 0x[0-9a-f]+\)|0x[0-9a-fA-F]{40} \(hard-coded, [^)]+\)|any caller): `[^`]+` (with \(|sets the fee: today)/,
      );
    }
  });
});
