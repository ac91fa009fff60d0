import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenReport } from '../report/token-report';
import type { SimulationSection, TimeProbe } from './simulation.types';
import { probeTargets, timeBombOf } from './time-bomb';

const fixture = (name: string): SimulationSection =>
  (JSON.parse(readFileSync(join(__dirname, '../report/fixtures', `${name}.report.json`), 'utf8')) as TokenReport)
    .security!.simulation;

const probe = (afterSeconds: number, over: Partial<TimeProbe> = {}): TimeProbe => ({
  label: `+${afterSeconds}s`,
  afterSeconds,
  afterBlocks: afterSeconds / 12,
  blockNumber: 100 + afterSeconds / 12,
  timestamp: 1_800_000_000 + afterSeconds,
  possible: true,
  buySucceeded: true,
  sellSucceeded: true,
  buyTax: 0,
  sellTax: 0,
  revertReason: null,
  ...over,
});

describe('probeTargets', () => {
  it('moves number and time together, by the chain block time, in time order', () => {
    const head = { number: 1_000n, timestamp: 1_800_000_000n };
    const eth = probeTargets(head, 12_000);
    expect(eth.map((t) => [t.label, t.afterSeconds, t.afterBlocks])).toEqual([
      ['+1 hour', 3_600, 300],
      ['+1000 blocks', 12_000, 1_000],
      ['+1 day', 86_400, 7_200],
      ['+7 days', 604_800, 50_400],
    ]);
    expect(eth[0]).toMatchObject({ blockNumber: 1_300n, timestamp: 1_800_003_600n });
    // On a 0.75 s chain 1000 blocks come before the hour.
    expect(probeTargets(head, 750).map((t) => t.label)).toEqual(['+1000 blocks', '+1 hour', '+1 day', '+7 days']);
  });
});

describe('timeBombOf', () => {
  const clean = fixture('clean');

  it('reports nothing when every later round trip matches today', () => {
    expect(timeBombOf(clean, [probe(3_600), probe(86_400)])).toMatchObject({
      detected: false,
      change: null,
      probes: [expect.anything(), expect.anything()],
    });
  });

  it('bounds a sell that starts to revert between the last probe that matched and the first that did not', () => {
    const check = timeBombOf(clean, [
      probe(3_600),
      probe(86_400, { sellSucceeded: false, revertReason: 'TRADING_CLOSED' }),
      probe(604_800, { sellSucceeded: false }),
    ]);
    expect(check).toMatchObject({
      detected: true,
      change: 'sell_blocked',
      effectiveAfterSeconds: 3_600,
      effectiveBySeconds: 86_400,
    });
    expect(check!.detail).toBe(
      `selling starts to revert (TRADING_CLOSED) between 1 hour and 1 day from now (at the latest ${new Date((1_800_000_000 + 86_400) * 1000).toISOString()}, block 7300)`,
    );
  });

  it('counts a tax rise of 10 points or more, not less', () => {
    expect(timeBombOf(clean, [probe(3_600, { sellTax: 9.99 })])!.detected).toBe(false);
    expect(timeBombOf(clean, [probe(3_600, { sellTax: 10 })])).toMatchObject({
      detected: true,
      change: 'sell_tax_rises',
      effectiveAfterSeconds: 0,
    });
    expect(timeBombOf(clean, [probe(3_600, { buyTax: 25 })])).toMatchObject({
      detected: true,
      change: 'buy_tax_rises',
    });
  });

  it('skips a probe the node could not answer: it neither shows a change nor moves the lower bound', () => {
    const check = timeBombOf(clean, [
      probe(3_600, { possible: false, revertReason: 'timeout' }),
      probe(86_400, { sellTax: 50 }),
    ]);
    expect(check).toMatchObject({ change: 'sell_tax_rises', effectiveAfterSeconds: 0, effectiveBySeconds: 86_400 });
  });

  it('does not look for one in a token that is a honeypot (or unsimulable) today', () => {
    expect(timeBombOf(fixture('honeypot'), [probe(3_600, { sellSucceeded: false })])).toBeNull();
    expect(timeBombOf({ ...clean, possible: false }, [probe(3_600)])).toBeNull();
  });
});
