import { getAddress, hexToBigInt, keccak256, numberToHex, toBytes, type Hex } from 'viem';
import { addressInSlot, interpretProxySlots, PROXY_SLOTS } from './proxy-detector';

const minusOne = (text: string): Hex => numberToHex(hexToBigInt(keccak256(toBytes(text))) - 1n, { size: 32 });
const IMPL = '0x2279b7a0a67db372996a5fab50d91eaa73d2ebe6';
const word = (address: string): Hex => `0x${address.slice(2).padStart(64, '0')}`;
const ZERO: Hex = `0x${'0'.repeat(64)}`;

describe('proxy slots', () => {
  it('are the EIP-1967, EIP-1822 and ZeppelinOS constants', () => {
    expect(PROXY_SLOTS.eip1967).toBe(minusOne('eip1967.proxy.implementation'));
    expect(PROXY_SLOTS.eip1967_beacon).toBe(minusOne('eip1967.proxy.beacon'));
    expect(PROXY_SLOTS.eip1822).toBe(keccak256(toBytes('PROXIABLE')));
    expect(PROXY_SLOTS.zeppelinos).toBe(keccak256(toBytes('org.zeppelinos.proxy.implementation')));
  });
});

describe('interpretProxySlots', () => {
  it('reads an EIP-1967 implementation', () => {
    expect(interpretProxySlots({ eip1967: word(IMPL), eip1967_beacon: ZERO })).toEqual({
      kind: 'eip1967',
      implementation: getAddress(IMPL),
      beacon: null,
    });
  });

  it('reads an EIP-1822 implementation', () => {
    expect(interpretProxySlots({ eip1967: ZERO, eip1822: word(IMPL) })?.kind).toBe('eip1822');
  });

  it('reports a beacon when only the beacon slot is set', () => {
    expect(interpretProxySlots({ eip1967: ZERO, eip1967_beacon: word(IMPL) })).toEqual({
      kind: 'eip1967_beacon',
      implementation: null,
      beacon: getAddress(IMPL),
    });
  });

  it('is no proxy when every slot is empty', () => {
    expect(interpretProxySlots({ eip1967: ZERO, eip1967_beacon: '0x0', eip1822: ZERO, zeppelinos: ZERO })).toBeNull();
  });

  it('ignores a slot whose value is not an address (a hash or a counter happening to sit there)', () => {
    expect(addressInSlot(`0x01${IMPL.slice(2).padStart(62, '0')}`)).toBeNull();
    expect(interpretProxySlots({ eip1967: keccak256(toBytes('x')) })).toBeNull();
  });
});
