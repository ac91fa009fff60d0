import type { HolderSection } from '../holders/holders.types';
import type { MarketSection } from '../market/market.types';
import type { SecuritySection } from '../report/token-report';
import { gradeOf, recommendationOf } from './grades';
import { scoreReport } from './scoring';

function security(overrides: { contract?: Record<string, unknown>; simulation?: Record<string, unknown> } = {}): SecuritySection {
  return {
    contract: {
      canMint: false, canPause: false, canBlacklist: false, canChangeFees: false, hasLimits: false, hasCooldown: false,
      hasTradingSwitch: false, isUpgradeable: false,
      proxy: { isProxy: false, kind: null, implementation: null, beacon: null, slotsRead: {} },
      ownership: { owner: null, renounced: true, hasOwnershipFunctions: true },
      opcodes: { selfdestruct: false, delegatecall: false, callcode: false, externalCalls: 0, constantAddresses: [] },
      hiddenMint: { detected: false, functions: [], caller: null, probes: [], method: 'eth_simulateV1' },
      verification: { verified: true, provider: 'devnet' },
      maliciousFunctions: [],
      ...overrides.contract,
    },
    simulation: {
      possible: true, reason: null, detail: null, isHoneypot: false, honeypotReason: null, cannotBuy: false, cannotSell: false,
      cannotSellAll: false, buyTax: 0, sellTax: 0, transferTax: 0, gas: { buy: 1, transfer: 1, sell: 1 }, legs: [], limits: null,
      ...overrides.simulation,
    },
  } as unknown as SecuritySection;
}

const market = (status: MarketSection['liquidity']['status'], extra: Partial<MarketSection> = {}) =>
  ({ listed: status !== 'NONE', priceChange24hPercent: 1, volume24hUsd: 1000, liquidity: { totalUsd: 1, status }, ...extra }) as unknown as MarketSection;

const holders = (distribution: HolderSection['distribution'], total = 500) =>
  ({ distribution, total_holders: total, top_10_percentage: 30, whale_activity: 'LOW' }) as unknown as HolderSection;

describe('scoreReport', () => {
  it('gives a clean token with deep liquidity and spread holders an A+', () => {
    const card = scoreReport({ security: security(), market: market('EXCELLENT'), holders: holders('HEALTHY') });
    expect(card).toMatchObject({ serviceScore: 100, grade: 'A+', recommendation: 'SAFE TO TRADE', symbol: '🟢', critical: { applied: false } });
  });

  it('caps a honeypot at F whatever the rest says', () => {
    const card = scoreReport({ security: security({ simulation: { isHoneypot: true, honeypotReason: 'TRANSFER_FAILED' } }), market: market('EXCELLENT'), holders: holders('HEALTHY') });
    expect(card.serviceScore).toBeLessThanOrEqual(20);
    expect(card.grade).toBe('F');
    expect(card.critical).toEqual({ applied: true, issues: ['Honeypot: TRANSFER_FAILED'] });
  });

  it('caps a hidden mint at F', () => {
    const card = scoreReport({ security: security({ contract: { hiddenMint: { detected: true }, canMint: true, ownership: { owner: '0x1', renounced: false } } }) });
    expect(card.grade).toBe('F');
    expect(card.critical.applied).toBe(true);
  });

  it('takes points for a 25% sell tax and owner fee powers', () => {
    const card = scoreReport({
      security: security({ simulation: { buyTax: 5, sellTax: 25 }, contract: { canChangeFees: true, ownership: { owner: '0x1', renounced: false } } }),
    });
    expect(card.components.security!.score).toBe(100 - 25 - 7 - 10 - 5);
    expect(card.components.security!.findings[0]).toBe('Sell tax 25.0%');
  });

  it('does not count powers of a renounced owner', () => {
    const card = scoreReport({ security: security({ contract: { canMint: true, canPause: true } }) });
    expect(card.components.security!.score).toBe(100);
  });

  it('never reads an impossible simulation as safe', () => {
    const card = scoreReport({ security: security({ simulation: { possible: false, reason: 'no_pool', isHoneypot: null, buyTax: null, sellTax: null } }) });
    expect(card.components.security!.score).toBeLessThan(100);
  });

  it('weights security 0.5, market 0.2, holders 0.15 (wash 0.1, snipers 0.05), over the components present', () => {
    const card = scoreReport({ security: security(), market: market('LOW'), holders: holders('CONCENTRATED') });
    expect(card.serviceScore).toBe(Math.round((100 * 0.5 + 55 * 0.2 + 55 * 0.15) / 0.85));
    expect(scoreReport({ market: market('LOW') }).serviceScore).toBe(55);
    expect(card.components.wash_trading).toBeUndefined();
    const withTrading = scoreReport({
      security: security(),
      washTrading: { score: 20, detected: true, wash_volume_percent: 60, suspicious_wallets: [{}, {}, {}], clusters: [{}] } as never,
      snipers: { score: null } as never,
    });
    expect(withTrading.components.wash_trading).toMatchObject({ score: 20, grade: 'F' });
    expect(withTrading.components.sniper).toBeUndefined();
    expect(withTrading.serviceScore).toBe(Math.round((100 * 0.5 + 20 * 0.1) / 0.6));
  });
});

describe('grades (SPEC.md scale)', () => {
  it.each([
    [100, 'A+', 'SAFE TO TRADE'], [90, 'A+', 'SAFE TO TRADE'], [89, 'A', 'SAFE TO TRADE'], [80, 'A', 'SAFE TO TRADE'],
    [79, 'B', 'MODERATE RISK'], [70, 'B', 'MODERATE RISK'], [69, 'C', 'MODERATE RISK'], [60, 'C', 'MODERATE RISK'],
    [59, 'D', 'HIGH RISK'], [50, 'D', 'HIGH RISK'], [49, 'F', 'VERY HIGH RISK'], [0, 'F', 'VERY HIGH RISK'],
  ])('%i → %s, %s', (score, grade, text) => {
    expect(gradeOf(score)).toBe(grade);
    expect(recommendationOf(score).text).toBe(text);
  });
});
