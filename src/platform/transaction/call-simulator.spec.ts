import { encodeAbiParameters, encodeErrorResult, parseAbi } from 'viem';
import { revertDataOf, revertReason } from './call-simulator';

describe('revertReason', () => {
  it('reads Error(string)', () => {
    const data = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['TRANSFER_FAILED'],
    });
    expect(revertReason(data)).toBe('TRANSFER_FAILED');
  });

  it('names a panic code', () => {
    const data = `0x4e487b71${encodeAbiParameters([{ type: 'uint256' }], [0x11n]).slice(2)}` as const;
    expect(revertReason(data)).toBe('panic 0x11 (arithmetic overflow or underflow)');
  });

  it('gives a custom error its selector, and falls back to the node message', () => {
    expect(revertReason('0x12345678abcd')).toBe('custom error 0x12345678');
    expect(revertReason('0x', 'execution reverted: out of gas')).toBe('out of gas');
    expect(revertReason(undefined, 'execution reverted')).toBe('reverted without a reason');
  });
});

describe('revertDataOf', () => {
  it('finds revert data nested in causes', () => {
    expect(revertDataOf({ cause: { cause: { data: '0x08c379a0' } } })).toBe('0x08c379a0');
    expect(revertDataOf({ cause: { data: { data: '0xdeadbeef' } } })).toBe('0xdeadbeef');
    expect(revertDataOf(new Error('nothing'))).toBeUndefined();
  });
});
