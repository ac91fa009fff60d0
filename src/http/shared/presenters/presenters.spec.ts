import type { TokenReport } from '../../../analysis/report/token-report';
import { apiKeyRecord, nonceGrant, tokenReport } from '../../../../test/factories';
import { nonceFields, rateLimitText } from './account-fields';
import { contractFacts } from './contract-facts';
import { distributionLabel, honeypotLabel, honeypotVerdict, liquidityLabel, rugLabel, whaleLabel } from './labels';

/** The clean report with its trade simulation changed. */
function simulated(changes: Partial<NonNullable<TokenReport['security']>['simulation']>): TokenReport {
  const report = tokenReport();
  report.security!.simulation = { ...report.security!.simulation, ...changes };
  return report;
}

describe('shared labels', () => {
  it.each([
    ['a clean round trip', 'SAFE', '✅ SAFE', simulated({})],
    ['a sell that reverts', 'HONEYPOT', '🚨 HONEYPOT', simulated({ isHoneypot: true })],
    ['a sell of only part', 'CANNOT_SELL_ALL', '🚨 CANNOT_SELL_ALL', simulated({ cannotSellAll: true })],
    ['no simulation possible', 'UNKNOWN', '❓ UNKNOWN', simulated({ possible: false })],
    ['an undecided simulation', 'UNKNOWN', '❓ UNKNOWN', simulated({ isHoneypot: null })],
    ['no security section', 'UNKNOWN', '❓ UNKNOWN', tokenReport({ security: undefined })],
  ])('honeypot verdict of %s is %s', (_, verdict, label, report) => {
    expect(honeypotVerdict(report)).toBe(verdict);
    expect(honeypotLabel(honeypotVerdict(report))).toBe(label);
  });

  it('prefixes each status with its symbol', () => {
    expect([
      rugLabel('VERY_LOW'),
      rugLabel('LOW'),
      rugLabel('MEDIUM'),
      rugLabel('HIGH'),
      rugLabel('VERY_HIGH'),
    ]).toEqual(['✅ VERY_LOW', '✅ LOW', '⚠️ MEDIUM', '🚨 HIGH', '🚨 VERY_HIGH']);
    expect([
      liquidityLabel('EXCELLENT'),
      liquidityLabel('MODERATE'),
      liquidityLabel('NONE'),
      liquidityLabel('UNKNOWN'),
    ]).toEqual(['✅ EXCELLENT', '🟡 MODERATE', '🚨 NONE', '❓ UNKNOWN']);
    expect([whaleLabel('LOW'), whaleLabel('VERY_HIGH')]).toEqual(['✅ LOW', '🚨 VERY_HIGH']);
    expect([distributionLabel('HEALTHY'), distributionLabel('HIGHLY_CONCENTRATED')]).toEqual([
      '✅ HEALTHY',
      '🚨 HIGHLY_CONCENTRATED',
    ]);
  });
});

describe('shared account fields', () => {
  it('writes the rate limit as <n>/minute', () => {
    expect(rateLimitText(apiKeyRecord({ rateLimitPerMinute: 300 }))).toBe('300/minute');
  });

  it('shows a nonce grant in snake case, with the message only when there is one', () => {
    expect(nonceFields(nonceGrant({ chainId: 56 }))).toEqual({
      nonce: 'f'.repeat(32),
      expires_at: '2026-11-21T12:05:00.000Z',
      domain: 'api.example.com',
      uri: 'https://api.example.com',
      chain_id: 56,
    });
    expect(nonceFields(nonceGrant({ message: '' }))).not.toHaveProperty('message');
  });
});

describe('shared contract facts', () => {
  it('keeps unknowns as null rather than guessing', () => {
    const contract = tokenReport({}, 'taxed').security!.contract;
    const unknown = {
      ...contract,
      verification: { ...contract.verification, verified: null },
      ownership: { ...contract.ownership, owner: null, renounced: null },
    };
    expect(contractFacts(unknown as typeof contract)).toMatchObject({
      verified: null,
      owner: null,
      owner_renounced: null,
    });
  });

  it('lists the taxed token’s powers', () => {
    expect(contractFacts(tokenReport({}, 'taxed').security!.contract)).toEqual({
      verified: true,
      is_proxy: false,
      implementation: null,
      owner: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      owner_renounced: false,
      can_mint: false,
      can_pause: false,
      can_blacklist: false,
      can_change_fees: true,
      hidden_mint: false,
      selfdestruct: false,
      delegatecall: false,
    });
  });
});
