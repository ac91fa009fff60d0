import cleanFixture from '../../analysis/report/fixtures/clean.report.json';
import honeypotFixture from '../../analysis/report/fixtures/honeypot.report.json';
import taxedFixture from '../../analysis/report/fixtures/taxed.report.json';
import type { TokenReport } from '../../analysis/report/token-report';
import { verdictOf } from './token-risk';

const report = (fixture: unknown) => structuredClone(fixture) as TokenReport;

describe('verdictOf', () => {
  it('blocks a honeypot and leads its warnings with it', () => {
    const sut = verdictOf(report(honeypotFixture));
    expect(sut).toMatchObject({ symbol: 'HONEY', is_honeypot: true, cannot_sell: true, blocking: true });
    expect(sut.warnings[0]).toEqual({
      code: 'HONEYPOT',
      severity: 'critical',
      token: sut.token,
      symbol: 'HONEY',
      message: 'It cannot be sold: sell reverted: TRANSFER_FAILED',
    });
  });

  it('lets a taxed token through with its high tax and the owner power to change it', () => {
    const sut = verdictOf(report(taxedFixture));
    expect(sut).toMatchObject({ blocking: false, buy_tax: 5, sell_tax: 24.96 });
    expect(sut.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['HIGH_TAX', 'OWNER_CAN_CONFISCATORY_FEE']));
    expect(sut.warnings.map((w) => w.code)).not.toContain('HONEYPOT');
  });

  it('has nothing to say about a clean token', () => {
    expect(verdictOf(report(cleanFixture))).toMatchObject({ blocking: false, is_honeypot: false, warnings: [] });
  });

  it('blocks a token whose sell failed even when it is not labelled a honeypot', () => {
    const r = report(cleanFixture);
    r.security!.simulation = { ...r.security!.simulation, isHoneypot: false, cannotSell: true };
    const sut = verdictOf(r);
    expect(sut.blocking).toBe(true);
    expect(sut.warnings.map((w) => w.code)).toEqual(['CANNOT_SELL']);
  });
});
