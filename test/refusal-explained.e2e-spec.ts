import { readManifest } from '../devnet/devnet-manifest';
import { bootScanningApp } from './support/scanning-app';
import type { TestApp } from './support/test-app';

const manifest = readManifest();
const honeypot = manifest.tokens.honeypot;
/** The devnet honeypot's gate: only addresses the owner whitelists may send to a pair. */
const GATE =
  /decided by whitelist_only through `setWhitelisted\(address,bool\)`, held by the owner \(owner\(\) = 0x[0-9a-fA-F]{40}, an EOA\)/;

/** A refused sell names its gate on every surface: the storage read, the function that sets it, who holds it. */
describe('the devnet honeypot: its refusal explained on A, B and C', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => ({ t, key } = await bootScanningApp()));
  afterAll(() => t.close());

  it('A: honeypot with its reason and gate; the whitelist finding with the storage read that decides it; holders blocked too', async () => {
    const a = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: honeypot.address, features: ['security'] })
      .expect(200);
    const security = a.body.data.analysis.security;

    expect(security.honeypot_risk).toBe('🚨 HONEYPOT');
    expect(security.honeypot_reason).toMatch(GATE);
    const whitelist = (
      security.malicious_functions as { kind: string; function: string; status: string; risk: string }[]
    ).find((f) => f.kind === 'whitelist_only');
    expect(whitelist).toMatchObject({ function: 'setWhitelisted(address,bool)', status: 'live' });
    expect(whitelist!.risk).toMatch(new RegExp(`as the owner \\(owner\\(\\) = ${honeypot.owner}, an EOA\\)`, 'i'));
    expect(whitelist!.risk).toMatch(
      /sell into the pool reverted before, succeeded after; decided by the holder's entry of the mapping at slot 0x[0-9a-f]+ \(reads 0, this call wrote 1\)/,
    );
    // Holders who cannot sell and a buyer who cannot sell tell one story.
    expect(security.holder_sells).toMatchObject({ holder_sell_blocked: true });
    expect(security.holder_sells.cannot_sell).toBe(security.holder_sells.checked);
  });

  it('B and C: the same gate in the honeypot reason and the same finding', async () => {
    const b = await t.http
      .post('/scanner/api/v1/features/security')
      .set('Authorization', `Bearer ${key}`)
      .send({ contract_address: honeypot.address })
      .expect(200);
    const audit = await t.http
      .post('/scanner/api/v1/token/security-analysis')
      .set('Authorization', `Bearer ${key}`)
      .send({ contract_address: honeypot.address })
      .expect(200);
    const c = await t.http
      .get(`/v1/analyze/contract/${honeypot.address}`)
      .set('Authorization', `Bearer ${key}`)
      .expect(200);

    expect(b.body.honeypot).toBe('HONEYPOT');
    expect(b.body.simulation.honeypot_reason).toMatch(GATE);
    expect(
      (audit.body.security_analysis.audit_provider_analysis.ai_audit_findings as { kind: string }[]).map((f) => f.kind),
    ).toContain('whitelist_only');
    expect(c.body.trading).toMatchObject({ is_honeypot: true, honeypot_reason: expect.stringMatching(GATE) });
    const fn = (c.body.functions as { signature: string | null; capability: string | null }[]).find(
      (f) => f.capability === 'whitelist_only',
    );
    expect(fn?.signature).toBe('setWhitelisted(address,bool)');
  });

  it('not yet tradable is a fact on A, B and C: who opens trading, and what can close it again', async () => {
    const gated = manifest.backdoors.launch_gated;
    const owner = new RegExp(`^the owner \\(owner\\(\\) = ${gated.owner}, an EOA\\)$`, 'i');
    const a = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: gated.address, features: ['security'] })
      .expect(200);
    const b = await t.http
      .post('/scanner/api/v1/features/security')
      .set('Authorization', `Bearer ${key}`)
      .send({ contract_address: gated.address })
      .expect(200);
    const c = await t.http
      .get(`/v1/analyze/contract/${gated.address}`)
      .set('Authorization', `Bearer ${key}`)
      .expect(200);

    const expected = {
      tradable: false,
      opened_by: [
        { selector: '0x0f15f4c0', kind: 'trading_switch', status: 'live', held_by: expect.stringMatching(owner) },
      ],
      closable_by: [],
    };
    expect(a.body.data.analysis.security.trading_status).toMatchObject(expected);
    expect(b.body.contract.trading_status).toEqual(a.body.data.analysis.security.trading_status);
    expect(c.body.trading.trading_status).toEqual(a.body.data.analysis.security.trading_status);

    const powers = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: manifest.tokens.powers.address, features: ['security'] })
      .expect(200);
    expect(powers.body.data.analysis.security.trading_status).toMatchObject({
      tradable: true,
      opened_by: [],
      closable_by: [{ function: 'pause()', kind: 'pause', held_by: expect.stringMatching(/^the owner/) }],
    });
  });
});
