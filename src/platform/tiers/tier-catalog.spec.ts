import { parseUnits } from 'viem';
import { endpointsOf, tierForStake } from './tier-catalog';

describe('tier catalog', () => {
  const stake = (whole: string) => parseUnits(whole, 18);

  it.each([
    ['0', 'free'],
    ['99999.999999999999999999', 'free'],
    ['100000', 'bronze'],
    ['999999', 'bronze'],
    ['1000000', 'silver'],
    ['9999999.9', 'silver'],
    ['10000000', 'gold'],
    ['500000000', 'gold'],
  ])('a stake of %s service tokens buys %s', (whole, tier) => {
    expect(tierForStake(stake(whole), 18).name).toBe(tier);
  });

  it('each tier opens its own endpoints and every lower tier’s', () => {
    expect(endpointsOf('free')).toEqual(['analyze/contract', 'analyze/token', 'market/price', 'watches']);
    expect(endpointsOf('bronze')).toEqual([
      'analyze/contract',
      'analyze/token',
      'market/price',
      'watches',
      'market/whales',
    ]);
    expect(endpointsOf('gold')).toEqual(endpointsOf('silver'));
    expect(endpointsOf('silver')).toContain('analyze/wallet');
  });
});
