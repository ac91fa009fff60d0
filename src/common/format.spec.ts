import { fraction, price, signedPercent, usd } from './format';

describe('format', () => {
  it.each([
    [1_234_567, '$1.23M'],
    [12_400, '$12.4K'],
    [2_500_000_000, '$2.5B'],
    [1.234, '$1.23'],
    [0.00001234567, '$0.00001235'],
    [0, '$0.00'],
    [null, 'N/A'],
  ])('usd(%p) = %s', (value, text) => expect(usd(value)).toBe(text));

  it.each([
    [3000, '$3,000.00'],
    [1.5, '$1.50'],
    [0.0123456, '$0.01235'],
    [0.5, '$0.50'],
    [null, 'N/A'],
  ])('price(%p) = %s', (value, text) => expect(price(value)).toBe(text));

  it.each([
    [4.561, '+4.56%'],
    [-3.2, '-3.20%'],
    [0, '0.00%'],
    [-0.001, '0.00%'],
    [null, 'N/A'],
  ])('signedPercent(%p) = %s', (value, text) => expect(signedPercent(value)).toBe(text));

  it.each([
    [25, '0.25'],
    [5, '0.05'],
    [4.96, '0.0496'],
    [0, '0'],
    [null, null],
  ])('fraction(%p) = %p', (value, text) => expect(fraction(value)).toBe(text));
});
