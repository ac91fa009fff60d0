import { keccak256, slice, toBytes, type Hex } from 'viem';
import type { Capability } from './contract.types';
import { KNOWN_FUNCTIONS, KNOWN_SIGNATURES } from './selector-tables';

const keccakSelector = (signature: string): Hex => slice(keccak256(toBytes(signature)), 0, 4);

describe('selector tables', () => {
  it('holds, for every entry, the first four bytes of keccak256(signature)', () => {
    expect(KNOWN_FUNCTIONS.size).toBeGreaterThan(80);
    for (const entry of KNOWN_FUNCTIONS.values()) {
      expect({ signature: entry.signature, selector: entry.selector }).toEqual({
        signature: entry.signature,
        selector: keccakSelector(entry.signature),
      });
    }
  });

  it('lists each signature once, so no capability silently shadows another', () => {
    const all = Object.values(KNOWN_SIGNATURES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(KNOWN_FUNCTIONS.size).toBe(all.length);
  });

  it.each<[string, Hex, Capability]>([
    ['transfer(address,uint256)', '0xa9059cbb', 'erc20'],
    ['addBlackList(address)', '0x0ecb93c0', 'blacklist'], // USDT
    ['destroyBlackFunds(address)', '0xf3bdc228', 'burn_from_holders'], // USDT
    ['issue(uint256)', '0xcc872b66', 'mint'], // USDT
    ['pause()', '0x8456cb59', 'pause'],
    ['blacklist(address)', '0xf9f92be4', 'blacklist'], // USDC
    ['configureMinter(address,uint256)', '0x4e44d956', 'mint'], // USDC
    ['mint(address,uint256)', '0x40c10f19', 'mint'],
    ['transferOwnership(address)', '0xf2fde38b', 'ownership'],
    ['renounceOwnership()', '0x715018a6', 'ownership'],
    ['upgradeTo(address)', '0x3659cfe6', 'upgrade'],
  ])('knows %s as %s (%s)', (signature, selector, capability) => {
    expect(keccakSelector(signature)).toBe(selector);
    expect(KNOWN_FUNCTIONS.get(selector)).toEqual({ signature, selector, capability });
  });

  it('does not know the devnet hidden mint (it must be found by behaviour)', () => {
    expect(KNOWN_FUNCTIONS.has(keccakSelector('syncRewards(address,uint256)'))).toBe(false);
  });
});
