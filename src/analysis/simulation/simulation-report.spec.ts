import { decodeFunctionResult, encodeErrorResult, encodeFunctionResult, parseAbi, type Address, type Hex } from 'viem';
import { toSimulationSection, type SimulationSetup } from './simulation-report';
import { parseRawSimulation, type RawLeg, type RawProbe, type RawSimulation } from './simulation-result';
import { loadSimulatorArtifact } from './simulator-artifact';

const WETH: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TOKEN: Address = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const PAIR: Address = '0xaDaA1Ea0106589956419179E11c06891dDf4A789';
const ROUTER: Address = '0x0B306BF915C4d645ff596e518fAf3F9669b97016';
const SUPPLY = 10n ** 27n;
const revert = (reason: string): Hex =>
  encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [reason] });

const leg = (overrides: Partial<RawLeg> = {}): RawLeg => ({
  attempted: true,
  ok: true,
  amountIn: 10n ** 18n,
  expectedOut: 1_000n,
  amountOut: 1_000n,
  gasUsed: 80_000n,
  revertData: '0x',
  ...overrides,
});
const probe = (bps: bigint, outcome: number, overrides: Partial<RawProbe> = {}): RawProbe => ({
  bps,
  outcome,
  amountIn: outcome === 1 ? 10n ** 24n : 0n,
  amountOut: outcome === 1 ? 10n ** 17n : 0n,
  revertData: outcome === 2 ? revert('Limiter: exceeds max transaction') : '0x',
  ...overrides,
});
const raw = (overrides: Partial<RawSimulation> = {}): RawSimulation => ({
  status: 0,
  blockNumber: 346n,
  totalSupply: SUPPLY,
  pools: [
    {
      dex: 0n,
      pair: PAIR,
      quote: WETH,
      tokenReserve: SUPPLY / 2n,
      quoteReserve: 10n ** 20n,
      wethValue: 10n ** 20n,
      routable: true,
      kind: 0,
      fee: 0,
      stable: false,
    },
  ],
  chosen: 0n,
  router: ROUTER,
  buyPath: [WETH, TOKEN],
  buy: leg(),
  transfer: leg({ amountIn: 500n, expectedOut: 500n, amountOut: 500n }),
  sell: leg({ amountIn: 500n, expectedOut: 4_000n, amountOut: 4_000n }),
  soldByAgent: true,
  buyProbes: [probe(500n, 1), probe(200n, 0)],
  sellProbes: [probe(10_000n, 1, { amountIn: 5n * 10n ** 25n })],
  ...overrides,
});
const setup: SimulationSetup = {
  dexNames: ['Uniswap V2'],
  v3DexNames: ['Uniswap V3'],
  solidlyDexNames: ['Aerodrome'],
  quoteSymbols: new Map([[WETH.toLowerCase(), 'WETH']]),
  sender: '0x0000000000000000000000000000000000000001',
  simulator: '0x0000000000000000000000000000000000000002',
  agent: '0x0000000000000000000000000000000000000003',
  fundedWith: 10n ** 24n,
};

describe('toSimulationSection', () => {
  it('reads a clean round trip: no honeypot, no taxes, no limits', () => {
    const sut = toSimulationSection(raw(), setup);
    expect(sut).toMatchObject({
      possible: true,
      isHoneypot: false,
      cannotBuy: false,
      cannotSell: false,
      buyTax: 0,
      sellTax: 0,
      transferTax: 0,
    });
    expect(sut.limits).toMatchObject({
      hasLimits: false,
      maxBuyPercentOfSupply: 5,
      maxSellPercentOfSupply: 5,
      largestProbedPercentOfSupply: 5,
    });
    expect(sut.evidence).toMatchObject({
      dex: 'Uniswap V2',
      pair: PAIR,
      router: ROUTER,
      sellPath: [TOKEN, WETH],
      blockNumber: 346,
    });
  });

  it('computes buy and sell taxes from quote versus received', () => {
    const sut = toSimulationSection(
      raw({
        buy: leg({ expectedOut: 1_000n, amountOut: 950n }),
        sell: leg({ expectedOut: 4_000n, amountOut: 3_000n }),
      }),
      setup,
    );
    expect([sut.buyTax, sut.sellTax]).toEqual([5, 25]);
  });

  it('calls a reverted sell a honeypot and keeps the reason', () => {
    const sut = toSimulationSection(
      raw({ sell: leg({ ok: false, amountOut: 0n, revertData: revert('TRANSFER_FAILED') }) }),
      setup,
    );
    expect(sut).toMatchObject({
      isHoneypot: true,
      cannotSell: true,
      sellTax: null,
      honeypotReason: 'sell reverted: TRANSFER_FAILED',
    });
  });

  it('calls a sell that returns almost nothing a honeypot too', () => {
    const sut = toSimulationSection(raw({ sell: leg({ expectedOut: 10_000n, amountOut: 100n }) }), setup);
    expect(sut).toMatchObject({ isHoneypot: true, sellTax: 99 });
  });

  it('leaves the honeypot verdict open when the buy itself reverts', () => {
    const sut = toSimulationSection(
      raw({
        buy: leg({ ok: false, revertData: revert('Trading not open') }),
        sell: leg({ attempted: false, ok: false }),
      }),
      setup,
    );
    expect(sut).toMatchObject({
      possible: true,
      isHoneypot: null,
      cannotBuy: true,
      detail: 'buy reverted: Trading not open',
    });
  });

  it('bounds a max-transaction limit between the reverted probe and the first that passed', () => {
    const sut = toSimulationSection(
      raw({ buyProbes: [probe(500n, 2), probe(200n, 2), probe(100n, 1), probe(50n, 0)] }),
      setup,
    );
    expect(sut.limits).toMatchObject({ hasLimits: true, maxBuyPercentOfSupply: 1, buyRevertedAtPercentOfSupply: 2 });
    expect(sut.limits!.buyProbes[0].revertReason).toBe('Limiter: exceeds max transaction');
  });

  it('flags a holding that can be sold only in part', () => {
    const sellProbes = [probe(10_000n, 2), probe(5_000n, 1, { amountIn: 2n * 10n ** 24n })];
    const sut = toSimulationSection(raw({ sellProbes }), setup);
    expect(sut.cannotSellAll).toBe(true);
    expect(sut.limits).toMatchObject({
      hasLimits: true,
      maxSellPercentOfSupply: 0.2,
      sellRevertedAtPercentOfSupply: 0.4,
    });
  });

  it.each([
    [1, 'no_pool'],
    [2, 'no_route'],
    [3, 'insufficient_liquidity'],
  ] as const)('status %i means not possible (%s), never safe', (status, reason) => {
    const sut = toSimulationSection(raw({ status }), setup);
    expect(sut).toMatchObject({ possible: false, reason, isHoneypot: null, buyTax: null, limits: null, legs: [] });
  });
});

describe('parseRawSimulation', () => {
  it('decodes what the compiled simulator ABI encodes', () => {
    const { abi } = loadSimulatorArtifact();
    const value = raw();
    const data = encodeFunctionResult({ abi, functionName: 'simulate', result: value });
    const sut = parseRawSimulation(decodeFunctionResult({ abi, functionName: 'simulate', data }));
    expect(sut).toEqual(value);
  });

  it('rejects a value that is not the Result struct', () => {
    expect(() => parseRawSimulation({ ...raw(), buy: { ...leg(), gasUsed: 'x' } })).toThrow(
      'buy.gasUsed is not a bigint',
    );
    expect(() => parseRawSimulation(null)).toThrow('not a struct');
  });

  it('names each pool by its kind: the V3 fee tier, the Solidly curve, the DEX of that kind, and the chosen one', () => {
    const v3 = {
      dex: 0n,
      pair: PAIR,
      quote: WETH,
      tokenReserve: 1n,
      quoteReserve: 2n,
      wethValue: 2n,
      routable: true,
      kind: 1,
      fee: 10_000,
      stable: false,
    };
    const solidly = { ...v3, kind: 2, fee: 0, stable: true };
    const sut = toSimulationSection(raw({ pools: [v3, solidly], chosen: 1n }), setup);
    expect(sut.evidence.pools.map((p) => [p.kind, p.dex, p.feeTier, p.stable])).toEqual([
      ['v3', 'Uniswap V3', 10_000, null],
      ['solidly', 'Aerodrome', null, true],
    ]);
    expect(sut.evidence).toMatchObject({ dex: 'Aerodrome', poolKind: 'solidly' });
  });
});
