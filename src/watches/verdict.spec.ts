import { verdictChange, type Verdict } from './verdict';

const open: Verdict = {
  grade: 'C',
  score: 47,
  risk: 'HIGH',
  trading: 'open',
  honeypot: false,
  findings: ['mint live mint(address,uint256)', 'pause live pause()'],
  inUse: [],
};

describe('verdictChange', () => {
  it('is null when nothing moved', () => {
    expect(verdictChange(open, { ...open, findings: [...open.findings] })).toBeNull();
  });

  it('names what moved, the findings that came and went, and the powers now in use', () => {
    const paused: Verdict = {
      ...open,
      grade: 'F',
      score: 0,
      trading: 'closed',
      findings: [...open.findings, 'trading_switch live unpause()'],
      inUse: ['pause'],
    };
    expect(verdictChange(open, paused)).toEqual({
      grade: { before: 'C', after: 'F' },
      score: { before: 47, after: 0 },
      trading: { before: 'open', after: 'closed' },
      findingsAdded: ['trading_switch live unpause()'],
      findingsRemoved: [],
      nowInUse: ['pause'],
      noLongerInUse: [],
    });
    expect(verdictChange(paused, open)).toMatchObject({
      findingsRemoved: ['trading_switch live unpause()'],
      noLongerInUse: ['pause'],
    });
  });

  it('a finding that only changed status (renounced: live → dormant) is one removed and one added', () => {
    const renounced = { ...open, findings: ['mint dormant mint(address,uint256)', 'pause dormant pause()'] };
    expect(verdictChange(open, renounced)).toMatchObject({
      findingsAdded: renounced.findings,
      findingsRemoved: open.findings,
    });
  });
});
