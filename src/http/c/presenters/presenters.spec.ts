import type { Address, Hex } from 'viem';
import { FIXED_NOW } from '../../../../test/fakes';
import {
  apiKeyRecord,
  pairResolvedReport,
  pricedReport,
  servedReport,
  tierStatus,
  tokenReport,
} from '../../../../test/factories';
import { TIERS } from '../../../platform/tiers/tier-catalog';
import { presentAccount, presentSignup } from './account.presenter';
import { ContractAnalysisC, functionsOf, presentContract, presentToken, TokenAnalysisC } from './analyze.presenter';
import { chainFirst } from './answer-fields';
import { presentRoute, presentSteps, shortAmount } from '../../../platform/transaction/route-view';

const HASH = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const ME = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address;
const TOKEN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' as Address;
const WETH = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address;
const ROUTER = '0x0B306BF915C4d645ff596e518fAf3F9669b97016' as Address;

describe('surface C contract presenter', () => {
  it('shows the security component with its findings, facts and trade numbers', () => {
    const report = tokenReport({}, 'taxed');
    const sut = presentContract(servedReport(report));
    expect(sut).toMatchObject({
      chain: 'eth',
      address: report.address,
      name: 'Taxed Token',
      security_score: 53,
      grade: 'D',
      overall_risk: 'HIGH',
      findings: ['Sell tax 25.0%', 'Owner can change fees', 'Buy tax 5.0%', 'Ownership not renounced'],
      critical_issues: [],
      contract: { can_change_fees: true, owner_renounced: false, is_proxy: false, implementation: null },
      trading: {
        is_honeypot: false,
        honeypot_reason: null,
        buy_tax: 5,
        sell_tax: 24.96,
        transfer_tax: 0,
        simulated: true,
      },
      analysed_at: report.generatedAt,
      cached: false,
    });
  });

  it("shows the score card's security level (its critical override included), not one of its own, and says when it came from the cache", () => {
    const honeypot = tokenReport({}, 'honeypot');
    const capped = {
      ...honeypot,
      scores: {
        ...honeypot.scores,
        components: { ...honeypot.scores.components, security: { score: 95, grade: 'A+' as const, findings: [] } },
      },
    };
    expect(presentContract(servedReport(capped, { cacheStatus: 'CACHED' }))).toMatchObject({
      security_score: 95,
      overall_risk: 'VERY_HIGH',
      critical_issues: ['Honeypot: sell reverted: TRANSFER_FAILED'],
      cached: true,
    });
    expect(presentContract(servedReport(tokenReport())).overall_risk).toBe('VERY_LOW');
    const clean = tokenReport();
    const medium = { ...clean, scores: { ...clean.scores, securityRisk: 'MEDIUM' as const } };
    expect(presentContract(servedReport(medium))).toMatchObject({ security_score: 100, overall_risk: 'MEDIUM' });
    expect(presentToken(servedReport(medium), null).security).toMatchObject({ score: 100, risk: 'MEDIUM' });
  });

  it('lists every function, the risky first, with the finding’s kind and evidence', () => {
    const contract = tokenReport({}, 'taxed').security!.contract;
    const sut = functionsOf(contract);
    expect(sut).toHaveLength(contract.evidence.selectors.contract.length);
    expect(sut[0]).toEqual({
      signature: 'setFees(uint256,uint256)',
      selector: '0x0b78f9c0',
      capability: 'confiscatory_fee',
      risk: 'critical',
      why: expect.stringContaining('confiscates'),
      found_in: 'contract',
    });
    expect(sut.slice(1).every((f) => f.risk === 'none' && f.capability === null && f.why === null)).toBe(true);
    expect(sut.find((f) => f.selector === '0xa9059cbb')?.signature).toBe('transfer(address,uint256)');
  });

  it('lists a function with findings of two kinds once per kind, the riskiest kind first, a repeated kind once', () => {
    const contract = tokenReport({}, 'taxed').security!.contract;
    const [fees] = contract.maliciousFunctions;
    const pause = { ...fees, kind: 'pause' as const, severity: 'high' as const, why: 'Can stop all transfers' };
    const twoKinds = {
      ...contract,
      maliciousFunctions: [pause, fees, { ...pause, severity: 'low' as const, why: 'dormant copy' }],
    };
    const sut = functionsOf(twoKinds).filter((f) => f.selector === fees.selector);
    expect(sut).toEqual([
      {
        signature: 'setFees(uint256,uint256)',
        selector: '0x0b78f9c0',
        capability: 'confiscatory_fee',
        risk: 'critical',
        why: fees.why,
        found_in: 'contract',
      },
      {
        signature: 'setFees(uint256,uint256)',
        selector: '0x0b78f9c0',
        capability: 'pause',
        risk: 'high',
        why: 'Can stop all transfers',
        found_in: 'contract',
      },
    ]);
    expect(functionsOf(twoKinds)).toHaveLength(contract.evidence.selectors.contract.length + 1);
  });

  it('marks the implementation’s functions and keeps an unknown selector as its own name', () => {
    const contract = tokenReport().security!.contract;
    const proxied = {
      ...contract,
      evidence: { ...contract.evidence, selectors: { contract: [] as Hex[], implementation: ['0xdeadbeef' as Hex] } },
    };
    expect(functionsOf(proxied)).toEqual([
      {
        signature: '0xdeadbeef',
        selector: '0xdeadbeef',
        capability: null,
        risk: 'none',
        why: null,
        found_in: 'implementation',
      },
    ]);
  });
});

describe('surface C token presenter', () => {
  it('shows supply in whole units and the market as numbers', () => {
    const sut = presentToken(servedReport(pricedReport()), 'CLEAN');
    expect(sut).toMatchObject({
      decimals: 18,
      total_supply: '1000000000',
      resolved_from: 'CLEAN',
      price: { usd: 1.2345, change_24h_percent: 4.567 },
      market_cap_usd: 1_234_567,
      volume_24h_usd: 45_600,
      liquidity: { total_usd: 2_500_000, status: 'EXCELLENT' },
      score: { service_score: 85, grade: 'A', recommendation: 'SAFE TO TRADE', risk: 'VERY_LOW' },
      security: { score: 100, risk: 'VERY_LOW', critical_issues: [] },
    });
  });

  it('maps unknown market figures and a missing market section to null', () => {
    const taxed = presentToken(servedReport(tokenReport({}, 'taxed')), null);
    expect(taxed).toMatchObject({
      resolved_from: null,
      price: { usd: null, change_24h_percent: null, pool: expect.any(String), block_number: 346 },
      market_cap_usd: null,
      volume_24h_usd: null,
    });
    expect(taxed.liquidity).toMatchObject({
      total_usd: null,
      status: 'UNKNOWN',
      pairs: [{ dex: 'Uniswap V2', pair: 'TAXED/WETH', liquidity_usd: null, price_usd: null }],
    });
    const none = presentToken(servedReport(tokenReport({ market: undefined })), null);
    expect(none).toMatchObject({
      price: { usd: null, change_24h_percent: null, pool: null, block_number: null },
      market_cap_usd: null,
      volume_24h_usd: null,
      liquidity: { total_usd: null, status: 'UNKNOWN', pairs: [] },
    });
  });

  it('shows at most ten top holders, without their raw balances', () => {
    const report = tokenReport({}, 'taxed');
    const sut = presentToken(servedReport(report), null);
    expect(sut.holders.count).toBe(41);
    expect(sut.holders.top.length).toBe(Math.min(10, report.holders!.top_holders.length));
    expect(Object.keys(sut.holders.top[0]).sort()).toEqual(['address', 'amount', 'percentage', 'tags']);
  });

  it('shows a missing holder section as unknown (null figures, no holders), not as a healthy default', () => {
    const sut = presentToken(servedReport(tokenReport({ holders: undefined })), null);
    expect(sut.holders).toEqual({
      count: null,
      top_10_percentage: null,
      distribution: null,
      whale_activity: null,
      top: [],
    });
    expect(TokenAnalysisC.safeParse(sut).success).toBe(true);
  });
});

describe('surface C answers the platform services build', () => {
  it('name their chain by key and by the id it is served as, the id right after the key', () => {
    const sut = chainFirst({ address: TOKEN, chain_id: 31337, block_number: 7, chain: 'eth' as const });
    expect(sut).toEqual({ chain: 'eth', chain_id: 31337, address: TOKEN, block_number: 7 });
    expect(Object.keys(sut)).toEqual(['chain', 'chain_id', 'address', 'block_number']);
  });
});

describe('surface C account presenter', () => {
  it('shows the tier, the stake and what is left today, never the key or its hash', () => {
    const key = { ...apiKeyRecord({ prefix: 'ta_1a2b3c4d', rateLimitPerMinute: 60 }), keyHash: HASH } as ReturnType<
      typeof apiKeyRecord
    >;
    const sut = presentAccount(key, tierStatus(), 120);
    expect(sut).toEqual({
      key_prefix: 'ta_1a2b3c4d',
      email: 'ops@acme.example',
      wallet: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
      tier: 'bronze',
      stake: {
        amount: '150000',
        amount_raw: '150000000000000000000000',
        chain: 'eth',
        chain_id: 31337,
        vault: '0x0B306BF915C4d645ff596e518fAf3F9669b97016',
        token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        block_number: 346,
        read_at: FIXED_NOW.toISOString(),
      },
      daily: { limit: 500, used: 120, remaining: 380, resets_at: '2026-11-22T00:00:00.000Z', counted_per: 'wallet' },
      rate_limit_per_minute: 60,
      watch_limit: 25,
      endpoints: ['analyze/contract', 'analyze/token', 'market/price', 'watches', 'market/whales'],
      next_tier: { tier: 'silver', required_stake: '1000000' },
    });
    expect(JSON.stringify(sut)).not.toContain(HASH);
  });

  it('never shows a negative remainder; Gold is unlimited with no next tier; an unbound key counts per key', () => {
    expect(presentAccount(apiKeyRecord(), tierStatus({}, 'free'), 75).daily).toMatchObject({ limit: 50, remaining: 0 });
    const gold = presentAccount(apiKeyRecord(), tierStatus({ tier: TIERS.gold }), 10_000);
    expect(gold).toMatchObject({ daily: { limit: null, remaining: null }, next_tier: null });
    const unbound = tierStatus(
      { wallet: null, reading: { stake: 0n, source: null, blockNumber: null, readAt: FIXED_NOW } },
      'free',
    );
    expect(presentAccount(apiKeyRecord(), unbound, 0)).toMatchObject({
      wallet: null,
      daily: { counted_per: 'key' },
      stake: { chain: null, chain_id: null, vault: null, token: null, block_number: null },
    });
  });

  it('sign-up: the key once, its id and expiry, and a day not yet started', () => {
    const key = apiKeyRecord({
      id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      expiresAt: new Date('2027-11-21T12:00:00.000Z'),
    });
    expect(presentSignup(`ta_${'0'.repeat(64)}`, key, tierStatus())).toMatchObject({
      api_key: `ta_${'0'.repeat(64)}`,
      key_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      expires_at: '2027-11-21T12:00:00.000Z',
      daily: { used: 0, remaining: 500 },
    });
  });
});

describe('surface C transaction presenters', () => {
  it('numbers the steps’ nonces from the pending one and writes amounts as decimal text', () => {
    const sut = presentSteps({
      from: ME,
      nonce: 7,
      fees: { chainId: 1, maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n },
      steps: [
        { kind: 'approve', call: { to: TOKEN, data: '0x095ea7b3', value: 0n } },
        { kind: 'swap', call: { to: ROUTER, data: '0x38ed1739', value: 0n } },
      ],
      gas: [
        { estimate: 46_000n, limit: 55_200n, source: 'eth_estimateGas', revertReason: null },
        { estimate: null, limit: 350_000n, source: 'default', revertReason: null },
      ],
      descriptions: ['Approve', 'Swap'],
    });
    expect(sut.map((s) => s.transaction.nonce)).toEqual([7, 8]);
    expect(sut[0]).toEqual({
      kind: 'approve',
      description: 'Approve',
      transaction: {
        type: 'eip1559',
        chainId: 1,
        from: ME,
        to: TOKEN,
        data: '0x095ea7b3',
        value: '0',
        gas: '55200',
        maxFeePerGas: '30000000000',
        maxPriorityFeePerGas: '1000000000',
        nonce: 7,
      },
      gas_estimate: '46000',
      gas_source: 'eth_estimateGas',
    });
    expect(sut[1]).toMatchObject({ gas_estimate: null, gas_source: 'default' });
  });

  it('shows the best route with its alternatives, best first, and native as `native`', () => {
    const best = {
      dexIndex: 0,
      dex: 'Uniswap V2',
      router: ROUTER,
      path: [WETH, TOKEN],
      amountOut: 2_000n * 10n ** 18n,
      priceImpactPercent: 0.3,
    };
    const worse = { ...best, dexIndex: 1, dex: 'Sushi', amountOut: 1_500n * 10n ** 18n };
    const sut = presentRoute({
      best,
      all: [worse, best],
      sideIn: { native: true, address: WETH, symbol: 'ETH', decimals: 18 },
      sideOut: { native: false, address: TOKEN, symbol: 'CLEAN', decimals: 18 },
      amountIn: 10n ** 18n,
      expectedOut: 1_900n * 10n ** 18n,
      minOut: 1_881n * 10n ** 18n,
      slippageBps: 100,
      taxBps: 500n,
      deadline: 1_795_300_000n,
      symbols: new Map([[WETH.toLowerCase(), 'WETH']]),
    });
    expect(sut).toMatchObject({
      dex: 'Uniswap V2',
      path_symbols: ['WETH', TOKEN],
      input: { token: 'native', symbol: 'ETH', amount: '1', amount_raw: '1000000000000000000' },
      minimum_out: { token: TOKEN, amount: '1881' },
      tax_adjustment_percent: 5,
      deadline: '1795300000',
      alternatives: [
        { dex: 'Uniswap V2', amount_out_raw: '2000000000000000000000' },
        { dex: 'Sushi', amount_out_raw: '1500000000000000000000' },
      ],
    });
  });

  it.each([
    [1_234_567_891_234_567_890_123_456n, 18, '1,234,567.891234'],
    [1_500_000n, 6, '1.5'],
    [2n * 10n ** 18n, 18, '2'],
    [1n, 18, '0'],
  ])('short amount of %s (%i decimals) is %s', (raw, decimals, text) => {
    expect(shortAmount(raw, decimals)).toBe(text);
  });
});

describe('surface C analyses of a pasted pair', () => {
  it('show resolved_pair (valid against each schema) only when the report was resolved from a pair', () => {
    const { report, shown } = pairResolvedReport();
    const token = presentToken(servedReport(report), null);
    const contract = presentContract(servedReport(report));
    expect(token.resolved_pair).toEqual(shown);
    expect(contract.resolved_pair).toEqual(shown);
    expect(TokenAnalysisC.parse(token)).toEqual(token);
    expect(ContractAnalysisC.parse(contract)).toEqual(contract);
    expect('resolved_pair' in presentToken(servedReport(), null)).toBe(false);
    expect('resolved_pair' in presentContract(servedReport())).toBe(false);
  });
});
