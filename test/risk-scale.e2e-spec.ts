import { readManifest } from '../devnet';
import { RISK_LEVELS, riskOfScore, type RiskLevel } from '../src/analysis/scoring/risk';
import { RUG_LABELS } from '../src/http/shared/presenters/labels';
import { riskB } from '../src/http/b/presenters/fields';
import { riskC } from '../src/http/c/presenters/answer-fields';
import { bootScanningApp } from './support/scanning-app';
import type { TestApp } from './support/test-app';

const manifest = readManifest();
const tokens = Object.entries(manifest.tokens);

/** A's label back to the level it shows: A's table is one label per level. */
const levelOfLabelA = (label: string): RiskLevel => {
  const level = RISK_LEVELS.find((l) => RUG_LABELS[l] === label);
  if (!level) throw new Error(`not one of A's risk labels: ${label}`);
  return level;
};

/** Each surface's risk fields for one token, the security section alone asked for everywhere it can be. */
interface Shown {
  securityScore: number;
  critical: boolean;
  /** C's contract analysis: the level in C's words. */
  contractC: string;
  /** C's token overview: the security level and the service score's. */
  tokenC: { security: string; score: string; serviceScore: number };
  securityOnlyB: string;
  featureB: { overall: string; rug: string };
  rugA: string;
}

describe('One risk scale on A, B and C (devnet tokens)', () => {
  let t: TestApp;
  let key: string;
  const shown = new Map<string, Shown>();

  beforeAll(async () => {
    ({ t, key } = await bootScanningApp());
    for (const [label, token] of tokens) {
      const body = { contract_address: token.address };
      const c = await t.http
        .get(`/v1/analyze/contract/${token.address}`)
        .set('Authorization', `Bearer ${key}`)
        .expect(200);
      const cToken = await t.http
        .get(`/v1/analyze/token/${token.address}`)
        .set('Authorization', `Bearer ${key}`)
        .expect(200);
      const only = await t.http
        .post('/scanner/api/v1/token/security-only')
        .set('Authorization', `Bearer ${key}`)
        .send(body)
        .expect(200);
      const feature = await t.http
        .post('/scanner/api/v1/features/security')
        .set('Authorization', `Bearer ${key}`)
        .send(body)
        .expect(200);
      const a = await t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .send({ ...body, features: ['security'] })
        .expect(200);
      shown.set(label, {
        securityScore: c.body.security_score,
        critical: c.body.critical_issues.length > 0,
        contractC: c.body.overall_risk,
        tokenC: {
          security: cToken.body.security.risk,
          score: cToken.body.score.risk,
          serviceScore: cToken.body.score.service_score,
        },
        securityOnlyB: only.body.overall_risk,
        featureB: { overall: feature.body.overall_risk, rug: feature.body.rug_pull_risk },
        rugA: a.body.data.analysis.security.rug_pull_risk,
      });
    }
  });
  afterAll(() => t.close());

  describe.each(tokens)('%s', (label) => {
    it("shows one security level, from the score's band or VERY_HIGH under a critical override, through each surface's table", () => {
      const s = shown.get(label)!;
      const level: RiskLevel = s.critical ? 'VERY_HIGH' : riskOfScore(s.securityScore);
      expect({
        contractC: s.contractC,
        tokenC: s.tokenC.security,
        securityOnlyB: s.securityOnlyB,
        featureB: s.featureB.overall,
      }).toEqual({
        contractC: riskC(level),
        tokenC: riskC(level),
        securityOnlyB: riskB(level),
        featureB: riskB(level),
      });
    });

    it("shows one rug-pull level on A and B, VERY_HIGH under a critical override, and the service score's level on C", () => {
      const s = shown.get(label)!;
      const rug = levelOfLabelA(s.rugA);
      expect(s.featureB.rug).toBe(riskB(rug));
      if (s.critical) expect(rug).toBe('VERY_HIGH');
      expect(s.tokenC.score).toBe(riskC(s.critical ? 'VERY_HIGH' : riskOfScore(s.tokenC.serviceScore)));
    });
  });

  it('covers both ends of the scale, and the honeypot is VERY_HIGH (CRITICAL on B) everywhere', () => {
    const levels = new Set([...shown.values()].map((s) => s.contractC));
    expect([...levels]).toEqual(expect.arrayContaining(['VERY_LOW', 'VERY_HIGH']));
    expect(shown.get('honeypot')).toMatchObject({
      critical: true,
      contractC: 'VERY_HIGH',
      tokenC: { security: 'VERY_HIGH', score: 'VERY_HIGH' },
      securityOnlyB: 'CRITICAL',
      featureB: { overall: 'CRITICAL', rug: 'CRITICAL' },
      rugA: '🚨 VERY_HIGH',
    });
    expect(shown.get('clean')).toMatchObject({
      critical: false,
      contractC: 'VERY_LOW',
      securityOnlyB: 'LOW',
      featureB: { overall: 'LOW' },
    });
  });
});
