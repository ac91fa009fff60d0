import { encodeErrorResult, parseAbi } from 'viem';
import { decodeRevertReason, percentOf, taxPercent } from './simulation-math';

describe('taxPercent', () => {
  it('is the share lost between the quote and what arrived, to 2 decimals', () => {
    expect(taxPercent(1_000n, 950n)).toBe(5);
    expect(taxPercent(3n * 10n ** 18n, 2_250_600_000_000_000_000n)).toBe(24.98);
    expect(taxPercent(10n ** 18n, 0n)).toBe(100);
  });

  it('is zero, never negative, when more arrived than quoted', () => {
    expect(taxPercent(1_000n, 1_000n)).toBe(0);
    expect(taxPercent(1_000n, 1_010n)).toBe(0);
  });

  it('is unknown when nothing was quoted', () => {
    expect(taxPercent(0n, 5n)).toBeNull();
  });
});

describe('percentOf', () => {
  it('gives percent with up to 4 decimals, null for an empty whole', () => {
    expect(percentOf(10n ** 25n, 10n ** 27n)).toBe(1);
    expect(percentOf(9_990_000n, 1_000_000_000n)).toBe(0.999);
    expect(percentOf(1n, 0n)).toBeNull();
  });
});

describe('decodeRevertReason', () => {
  const custom = parseAbi(['error NotAllowed(address who)']);

  it('reads Error(string), Panic(uint256), custom errors and empty reverts', () => {
    expect(
      decodeRevertReason(
        encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['TRANSFER_FAILED'] }),
      ),
    ).toBe('TRANSFER_FAILED');
    expect(
      decodeRevertReason(
        encodeErrorResult({ abi: parseAbi(['error Panic(uint256)']), errorName: 'Panic', args: [0x11n] }),
      ),
    ).toBe('panic 0x11');
    expect(
      decodeRevertReason(
        encodeErrorResult({
          abi: custom,
          errorName: 'NotAllowed',
          args: ['0x0000000000000000000000000000000000000001'],
        }),
      ),
    ).toMatch(/^custom error 0x[0-9a-f]{8}$/);
    expect(decodeRevertReason('0x')).toBe('reverted without a reason');
    expect(decodeRevertReason(undefined)).toBe('reverted without a reason');
  });
});
