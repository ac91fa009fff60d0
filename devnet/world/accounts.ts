import { keccak256, toHex, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import type { WalletEntry, WalletRole } from '../devnet-manifest';

/** anvil's well-known public dev mnemonic: every key derived from it is public, devnet only. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEV_ACCOUNT_COUNT = 10;

/** Named dev accounts (mnemonic index order). Changing this order changes contract addresses. */
const DEMO: { name: string; roles: WalletRole[] }[] = [
  { name: 'deployer', roles: ['deployer'] },
  { name: 'payer1', roles: ['payer'] },
  { name: 'payer2', roles: ['payer'] },
  { name: 'staker1', roles: ['staker'] },
  { name: 'staker2', roles: ['staker'] },
  { name: 'holder1', roles: ['holder', 'trader'] },
  { name: 'holder2', roles: ['holder', 'trader'] },
  { name: 'washFunder', roles: ['funder'] },
  { name: 'trader1', roles: ['trader'] },
  { name: 'treasury', roles: [] },
];

export type DemoName =
  | 'deployer'
  | 'payer1'
  | 'payer2'
  | 'staker1'
  | 'staker2'
  | 'holder1'
  | 'holder2'
  | 'washFunder'
  | 'trader1'
  | 'treasury';

export function demoWallets(): WalletEntry[] {
  return DEMO.map((d, i) => {
    const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i });
    const key = account.getHdKey().privateKey;
    if (!key) throw new Error('HD key without private key');
    return { name: d.name, address: account.address, privateKey: toHex(key) as Hex, roles: d.roles };
  });
}

export function walletByName(wallets: WalletEntry[], name: DemoName): Address {
  const w = wallets.find((x) => x.name === name);
  if (!w) throw new Error(`no demo wallet ${name}`);
  return w.address;
}

/**
 * Deterministic key-less addresses for the crowd (holders, traders, snipers, wash ring). anvil
 * auto-impersonation lets them send transactions without keys, which saves deriving hundreds.
 */
export function crowd(kind: string, count: number): Address[] {
  return Array.from({ length: count }, (_, i) => {
    const hash = keccak256(toHex(`devnet:${kind}:${i}`));
    return `0x${hash.slice(-40)}` as Address;
  });
}
