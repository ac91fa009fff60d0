import { keccak256, slice, toBytes, type Hex } from 'viem';
import { KNOWN_SIGNATURES, signatureOf } from './signatures';

const keccakSelector = (signature: string): Hex => slice(keccak256(toBytes(signature)), 0, 4);

describe('signature lookup', () => {
  it('names every listed signature by the first four bytes of its keccak256', () => {
    expect(new Set(KNOWN_SIGNATURES).size).toBe(KNOWN_SIGNATURES.length);
    for (const signature of KNOWN_SIGNATURES) expect(signatureOf(keccakSelector(signature))).toBe(signature);
  });

  it.each<[Hex, string]>([
    ['0x0ecb93c0', 'addBlackList(address)'], // USDT
    ['0xf3bdc228', 'destroyBlackFunds(address)'], // USDT
    ['0xcc872b66', 'issue(uint256)'], // USDT
    ['0xe724529c', 'freezeAccount(address,bool)'],
    ['0x05fefda7', 'setPrices(uint256,uint256)'],
  ])('knows %s as %s, and answers null for an unknown selector', (selector, signature) => {
    expect(signatureOf(selector)).toBe(signature);
    expect(signatureOf('0xdeadbeef')).toBeNull();
  });
});
