import { ZERO_ADDRESS } from '../../chain/burn-addresses';
import { distributionLabel, holderTags, isExcludedTag, whaleActivityLabel } from './holder.labels';

describe('holder labels', () => {
  it.each([
    [0, 'HEALTHY'],
    [29.99, 'HEALTHY'],
    [30, 'MODERATE'],
    [49.99, 'MODERATE'],
    [50, 'CONCENTRATED'],
    [69.99, 'CONCENTRATED'],
    [70, 'HIGHLY_CONCENTRATED'],
    [100, 'HIGHLY_CONCENTRATED'],
  ])('distribution of a %s%% top-10 share is %s', (share, label) => {
    expect(distributionLabel(share)).toBe(label);
  });

  it.each([
    [0, 'LOW'],
    [1, 'MODERATE'],
    [2, 'MODERATE'],
    [3, 'HIGH'],
    [5, 'HIGH'],
    [6, 'VERY_HIGH'],
    [40, 'VERY_HIGH'],
  ])('whale activity with %s large holders moving is %s', (moved, label) => {
    expect(whaleActivityLabel(moved)).toBe(label);
  });

  it('tags pairs, burn and zero addresses and contracts; only the first three are excluded', () => {
    const pair = '0x00000000000000000000000000000000000000aa';
    const pairs = new Set([pair]);
    expect(holderTags(pair, pairs, true)).toEqual(['pair', 'contract']);
    expect(holderTags('0x000000000000000000000000000000000000dead', pairs, false)).toEqual(['burn']);
    expect(holderTags(ZERO_ADDRESS, pairs, false)).toEqual(['zero']);
    expect(holderTags('0x00000000000000000000000000000000000000bb', pairs, true)).toEqual(['contract']);
    expect(isExcludedTag(['pair', 'contract'])).toBe(true);
    expect(isExcludedTag(['contract'])).toBe(false);
    expect(isExcludedTag([])).toBe(false);
  });
});
