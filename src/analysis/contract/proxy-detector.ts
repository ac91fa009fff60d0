import { getAddress, zeroAddress, type Address, type Hex } from 'viem';
import type { ProxyInfo, ProxyKind, ProxySlotName } from './contract.types';

/** Storage slots where proxies keep their target (values checked against keccak in the unit spec). */
export const PROXY_SLOTS = {
  /** EIP-1967: bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1). */
  eip1967: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
  /** EIP-1967: bytes32(uint256(keccak256('eip1967.proxy.beacon')) - 1). */
  eip1967_beacon: '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50',
  /** EIP-1822 (UUPS): keccak256('PROXIABLE'). */
  eip1822: '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7',
  /** ZeppelinOS (pre-1967) proxies such as mainnet USDC's: keccak256('org.zeppelinos.proxy.implementation'). */
  zeppelinos: '0x7050c9e0f4ca769c69bd3a8ef740bc37934f8e2c036e5a723fd8ee048ed3f8c3',
} as const satisfies Record<ProxySlotName, Hex>;

export type SlotName = ProxySlotName;

export const SLOT_ORDER: SlotName[] = ['eip1967', 'eip1967_beacon', 'eip1822', 'zeppelinos'];

/** The address in a storage word, or null when the word is empty or is not an address. */
export function addressInSlot(word: Hex | undefined): Address | null {
  if (!word || !/^0x[0-9a-fA-F]{1,64}$/.test(word)) return null;
  const padded = word.slice(2).padStart(64, '0');
  if (!/^0{24}/.test(padded)) return null;
  const address = getAddress(`0x${padded.slice(24)}`);
  return address === zeroAddress ? null : address;
}

export interface SlotReading {
  kind: ProxyKind;
  implementation: Address | null;
  beacon: Address | null;
}

/** Reads the slots in priority order: implementation slots first, then the beacon (one more hop). */
export function interpretProxySlots(values: Partial<Record<SlotName, Hex>>): SlotReading | null {
  const direct: [SlotName, ProxyKind][] = [
    ['eip1967', 'eip1967'],
    ['eip1822', 'eip1822'],
    ['zeppelinos', 'eip1967'],
  ];
  for (const [slot, kind] of direct) {
    const implementation = addressInSlot(values[slot]);
    if (implementation) return { kind, implementation, beacon: null };
  }
  const beacon = addressInSlot(values.eip1967_beacon);
  return beacon ? { kind: 'eip1967_beacon', implementation: null, beacon } : null;
}

export function notAProxy(slotsRead: Record<Hex, Hex> = {}): ProxyInfo {
  return { isProxy: false, kind: null, implementation: null, beacon: null, slotsRead };
}
