import type { HolderSection } from '../holders/holders.types';
import type { MarketSection } from '../market/market.types';
import type { SecuritySection } from '../report/sections';
import { gradeOf, recommendationOf } from './grades';
import type { Finding, FindingKind } from '../contract/engine/findings';
import { RISK_LEVELS, riskOfScore } from './risk';
import { scoreReport } from './scoring';

const finding = (kind: FindingKind, status: Finding['status'] = 'live'): Finding => ({
  kind,
  severity: 'high',
  selector: '0x12345678',
  signature: null,
  status,
  evidence: 'measured',
  authority: {
    kind: 'owner_slot',
    slot: null,
    getter: 'owner()',
    holder: '0x0000000000000000000000000000000000000001',
    holderType: 'eoa',
  },
});

function security(
  overrides: { contract?: Record<string, unknown>; simulation?: Record<string, unknown> } = {},
): SecuritySection {
  return {
    contract: {
      canMint: false,
      canPause: false,
      canBlacklist: false,
      canChangeFees: false,
      hasLimits: false,
      hasCooldown: false,
      hasTradingSwitch: false,
      isUpgradeable: false,
      proxy: { isProxy: false, kind: null, implementation: null, beacon: null, slotsRead: {} },
      ownership: { owner: null, renounced: true, hasOwnershipFunctions: true },
      opcodes: { selfdestruct: false, delegatecall: false, callcode: false, externalCalls: 0, constantAddresses: [] },
      hiddenMint: { detected: false, functions: [] },
      verification: { verified: true, provider: 'devnet' },
      findings: [],
      boundedSetters: [],
      incomplete: [],
      maliciousFunctions: [],
      ...overrides.contract,
    },
    simulation: {
      possible: true,
      reason: null,
      detail: null,
      isHoneypot: false,
      honeypotReason: null,
      cannotBuy: false,
      cannotSell: false,
      cannotSellAll: false,
      buyTax: 0,
      sellTax: 0,
      transferTax: 0,
      gas: { buy: 1, transfer: 1, sell: 1 },
      legs: [],
      limits: null,
      ...overrides.simulation,
    },
  } as unknown as SecuritySection;
}

const market = (status: MarketSection['liquidity']['status'], extra: Partial<MarketSection> = {}) =>
  ({
    listed: status !== 'NONE',
    priceChange24hPercent: 1,
    volume24hUsd: 1000,
    liquidity: { totalUsd: 1, status },
    ...extra,
  }) as unknown as MarketSection;

const holders = (distribution: HolderSection['distribution'], total = 500) =>
  ({ distribution, total_holders: total, top_10_percentage: 30, whale_activity: 'LOW' }) as unknown as HolderSection;

describe('scoreReport: what a later, a holder or an LP check found', () => {
  const withExtras = (extra: Partial<SecuritySection>) => ({ ...security(), ...extra }) as SecuritySection;
  const bomb = (change: string, laterSellTax: number) => ({
    detected: true,
    change,
    detail: 'later',
    effectiveAfterSeconds: 86_400,
    effectiveBySeconds: 604_800,
    effectiveBy: 'x',
    probes: [{ afterSeconds: 604_800, sellTax: laterSellTax }],
  });

  it('makes a time bomb that takes half a sale critical, and a smaller rise a plain deduction', () => {
    const big = scoreReport({
      security: {
        ...security(),
        simulation: { ...security().simulation, timeBomb: bomb('sell_tax_rises', 90) },
      } as unknown as SecuritySection,
    });
    expect(big.critical.issues).toEqual(['Time bomb: later']);
    expect(big.serviceScore).toBeLessThanOrEqual(20);
    const small = scoreReport({
      security: {
        ...security(),
        simulation: { ...security().simulation, timeBomb: bomb('sell_tax_rises', 20) },
      } as unknown as SecuritySection,
    });
    expect(small).toMatchObject({ serviceScore: 75, critical: { applied: false } });
  });

  it('takes points for holders who cannot sell (short of a honeypot) and for siphoned balances', () => {
    const sells = {
      checked: 10,
      cannotSell: 1,
      holderSellBlocked: false,
      siphoned: [{ address: '0x1', indexedBalance: '2', balance: '1' }],
    };
    expect(scoreReport({ security: withExtras({ holderSells: sells as never }) }).serviceScore).toBe(50);
    expect(
      scoreReport({ security: withExtras({ holderSells: { ...sells, cannotSell: 0, siphoned: [] } as never }) })
        .serviceScore,
    ).toBe(100);
  });

  it('raises the rug-pull risk and takes points for LP the owner can pull, not for burned or locked LP', () => {
    const lp = (risk: string) => ({ risk, pullableNowPercent: 100, detail: 'd' }) as never;
    expect(scoreReport({ security: withExtras({ liquidityLocks: lp('HIGH') }) })).toMatchObject({
      serviceScore: 70,
      rugPull: 'HIGH',
    });
    expect(scoreReport({ security: withExtras({ liquidityLocks: lp('MEDIUM') }) })).toMatchObject({
      serviceScore: 90,
      rugPull: 'MEDIUM',
    });
    expect(scoreReport({ security: withExtras({ liquidityLocks: lp('LOW') }) })).toMatchObject({
      serviceScore: 100,
      rugPull: 'VERY_LOW',
    });
  });
});

describe('scoreReport', () => {
  it('gives a clean token with deep liquidity and spread holders an A+', () => {
    const card = scoreReport({ security: security(), market: market('EXCELLENT'), holders: holders('HEALTHY') });
    expect(card).toMatchObject({
      serviceScore: 100,
      grade: 'A+',
      recommendation: 'SAFE TO TRADE',
      symbol: '🟢',
      critical: { applied: false },
    });
  });

  it('caps a honeypot at F whatever the rest says', () => {
    const card = scoreReport({
      security: security({ simulation: { isHoneypot: true, honeypotReason: 'TRANSFER_FAILED' } }),
      market: market('EXCELLENT'),
      holders: holders('HEALTHY'),
    });
    expect(card.serviceScore).toBeLessThanOrEqual(20);
    expect(card.grade).toBe('F');
    expect(card.critical).toEqual({ applied: true, issues: ['Honeypot: TRANSFER_FAILED'] });
  });

  it('scores a honeypot the same whether or not other sections were asked for', () => {
    const honeypot = security({ simulation: { isHoneypot: true, honeypotReason: 'TRANSFER_FAILED' } });
    const alone = scoreReport({ security: honeypot });
    const withAll = scoreReport({ security: honeypot, market: market('EXCELLENT'), holders: holders('HEALTHY') });
    const withPoorMarket = scoreReport({
      security: honeypot,
      market: market('NONE'),
      holders: holders('HIGHLY_CONCENTRATED', 10),
    });
    expect(new Set([alone.serviceScore, withAll.serviceScore, withPoorMarket.serviceScore]).size).toBe(1);
    expect(alone.serviceScore).toBe(Math.min(alone.components.security!.score, 20));
  });

  it('caps a hidden mint at F', () => {
    const card = scoreReport({
      security: security({
        contract: {
          hiddenMint: { detected: true, functions: ['0x12345678'] },
          findings: [finding('mint')],
          ownership: { owner: '0x1', renounced: false },
        },
      }),
    });
    expect(card.grade).toBe('F');
    expect(card.critical.applied).toBe(true);
    expect(card.rugPull).toBe('VERY_HIGH');
  });

  it('takes points for a 25% sell tax and a live confiscatory fee setter, by the rule table', () => {
    const card = scoreReport({
      security: security({
        simulation: { buyTax: 5, sellTax: 25 },
        contract: { findings: [finding('confiscatory_fee')], ownership: { owner: '0x1', renounced: false } },
      }),
    });
    expect(card.components.security!.score).toBe(100 - 25 - 7 - 35 - 5);
    expect(card.components.security!.findings[0]).toBe('Can set a fee that confiscates most of a transfer');
    expect(card.rugPull).toBe('VERY_HIGH');
  });

  it('does not count dormant powers (nobody holds their authority), and counts each live kind once', () => {
    const dormant = scoreReport({
      security: security({ contract: { findings: [finding('mint', 'dormant'), finding('pause', 'dormant')] } }),
    });
    expect(dormant.components.security!.score).toBe(100);
    expect(dormant.rugPull).toBe('VERY_LOW');
    const live = scoreReport({
      security: security({ contract: { findings: [finding('pause'), finding('pause'), finding('cooldown')] } }),
    });
    expect(live.components.security!.score).toBe(100 - 12 - 3);
    expect(live.rugPull).toBe('HIGH');
  });

  it('never reads an impossible simulation as safe', () => {
    const card = scoreReport({
      security: security({
        simulation: { possible: false, reason: 'no_pool', isHoneypot: null, buyTax: null, sellTax: null },
      }),
    });
    expect(card.components.security!.score).toBeLessThan(100);
  });

  it('weights security 0.5, market 0.2, holders 0.15 (wash 0.1, snipers 0.05), over the components present', () => {
    const card = scoreReport({ security: security(), market: market('LOW'), holders: holders('CONCENTRATED') });
    expect(card.serviceScore).toBe(Math.round((100 * 0.5 + 55 * 0.2 + 55 * 0.15) / 0.85));
    expect(scoreReport({ market: market('LOW') }).serviceScore).toBe(55);
    expect(card.components.wash_trading).toBeUndefined();
    const withTrading = scoreReport({
      security: security(),
      washTrading: {
        score: 20,
        detected: true,
        wash_volume_percent: 60,
        suspicious_wallets: [{}, {}, {}],
        clusters: [{}],
      } as never,
      snipers: { score: null } as never,
    });
    expect(withTrading.components.wash_trading).toMatchObject({ score: 20, grade: 'F' });
    expect(withTrading.components.sniper).toBeUndefined();
    expect(withTrading.serviceScore).toBe(Math.round((100 * 0.5 + 20 * 0.1) / 0.6));
  });
});

describe('grades (SPEC.md scale)', () => {
  it.each([
    [100, 'A+', 'SAFE TO TRADE'],
    [90, 'A+', 'SAFE TO TRADE'],
    [89, 'A', 'SAFE TO TRADE'],
    [80, 'A', 'SAFE TO TRADE'],
    [79, 'B', 'MODERATE RISK'],
    [70, 'B', 'MODERATE RISK'],
    [69, 'C', 'MODERATE RISK'],
    [60, 'C', 'MODERATE RISK'],
    [59, 'D', 'HIGH RISK'],
    [50, 'D', 'HIGH RISK'],
    [49, 'F', 'VERY HIGH RISK'],
    [0, 'F', 'VERY HIGH RISK'],
  ])('%i → %s, %s', (score, grade, text) => {
    expect(gradeOf(score)).toBe(grade);
    expect(recommendationOf(score).text).toBe(text);
  });
});

describe('risk levels (one scale for every surface)', () => {
  it.each([
    [100, 'VERY_LOW'],
    [80, 'VERY_LOW'],
    [79, 'LOW'],
    [70, 'LOW'],
    [69, 'MEDIUM'],
    [60, 'MEDIUM'],
    [59, 'HIGH'],
    [50, 'HIGH'],
    [49, 'VERY_HIGH'],
    [0, 'VERY_HIGH'],
  ] as const)('score %i → %s', (score, level) => {
    expect(riskOfScore(score)).toBe(level);
  });

  it('never rates a worse grade a lower risk', () => {
    const levels = Array.from({ length: 101 }, (_, score) => RISK_LEVELS.indexOf(riskOfScore(100 - score)));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
  });

  it('rates the security component on the same bands as the service score: 75 is LOW, 45 is VERY_HIGH', () => {
    const bombed = scoreReport({
      security: security({
        simulation: { timeBomb: { detected: true, change: 'buy_blocked', detail: 'later', probes: [] } },
      }),
    });
    expect(bombed).toMatchObject({ components: { security: { score: 80 } }, securityRisk: 'VERY_LOW' });
    const taxed = scoreReport({ security: security({ simulation: { sellTax: 12 } }) });
    expect(taxed).toMatchObject({
      components: { security: { score: 75 } },
      securityRisk: 'LOW',
      critical: { applied: false },
    });
    const later = {
      detected: true,
      change: 'sell_tax_rises',
      detail: 'later',
      effectiveBySeconds: 3600,
      probes: [{ afterSeconds: 3600, sellTax: 20 }],
    };
    const worse = scoreReport({
      security: security({
        simulation: { sellTax: 12, timeBomb: later },
        contract: { ownership: { owner: '0x1', renounced: false } },
      }),
    });
    expect(worse).toMatchObject({
      components: { security: { score: 45 } },
      securityRisk: 'VERY_HIGH',
      critical: { applied: false },
    });
    expect(scoreReport({ security: security({ simulation: { cannotBuy: true } }) })).toMatchObject({
      components: { security: { score: 60 } },
      securityRisk: 'MEDIUM',
    });
    expect(scoreReport({ market: market('EXCELLENT') }).securityRisk).toBeNull();
  });

  it('makes a critical finding VERY_HIGH on every level, whatever the security score and the rug-pull signals say', () => {
    const plain = scoreReport({
      security: security({ simulation: { cannotBuy: true } }),
      market: market('EXCELLENT'),
      holders: holders('HEALTHY'),
    });
    expect(plain).toMatchObject({
      components: { security: { score: 60 } },
      securityRisk: 'MEDIUM',
      rugPull: 'VERY_LOW',
      critical: { applied: false },
    });
    const critical = scoreReport({
      security: security({ simulation: { cannotSellAll: true } }),
      market: market('EXCELLENT'),
      holders: holders('HEALTHY'),
    });
    expect(critical).toMatchObject({
      components: { security: { score: 60 } },
      risk: 'VERY_HIGH',
      securityRisk: 'VERY_HIGH',
      rugPull: 'VERY_HIGH',
      critical: { applied: true, issues: ['A full holding cannot be sold'] },
    });
  });
});
