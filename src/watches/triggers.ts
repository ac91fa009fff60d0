import { keccak256, toHex, type Address, type Hex } from 'viem';
import { BURN_ADDRESSES, ZERO_ADDRESS } from '../chain/burn-addresses';
import { V3_BURN_TOPIC } from '../analysis/market/v3-positions';
import type { Follows } from './verdict';

const topic = (signature: string): Hex => keccak256(toHex(signature));
const TRANSFER = topic('Transfer(address,address,uint256)');
const APPROVAL = topic('Approval(address,address,uint256)');
const V2_BURN = topic('Burn(address,uint256,uint256,address)');
/** Solidly pools emit V2's Burn with the same arguments; V3 pools their own. */
const LIQUIDITY_REMOVED = new Set<Hex>([V2_BURN, V3_BURN_TOPIC]);
const UNOWNED = new Set<string>([ZERO_ADDRESS, ...BURN_ADDRESSES]);

export interface ChainLog {
  address: Address;
  topics: readonly Hex[];
  blockNumber: bigint;
  transactionHash: Hex;
}

export interface ChainTransaction {
  hash: Hex;
  to: Address | null;
  input: Hex;
  blockNumber: bigint;
}

/** Why a watched token is scanned again: the first thing in the blocks that could change its verdict. */
export interface Trigger {
  block: bigint;
  /** null: no one transaction (the chain reorganised under an alert). */
  txHash: Hex | null;
  cause: string;
}

const addressOfTopic = (t: Hex | undefined): string => (t ? `0x${t.slice(-40)}`.toLowerCase() : '');

/**
 * What in a token's own logs, its pools' logs and the transactions sent to it can change its verdict:
 * any event of the token but transfers and approvals (ownership, roles, pauses, upgrades, fee and limit
 * changes all log something), a mint, a transfer out of the creator, the owner or a large holder, a
 * pool's liquidity removed or its LP burned, and a call of one of its owner powers (logged or not).
 */
export function triggerOf(
  follows: Follows,
  logs: readonly ChainLog[],
  txs: readonly ChainTransaction[],
): Trigger | null {
  const found: Trigger[] = [];
  const pools = new Set<string>(follows.pools);
  const holders = new Set<string>(follows.holders);
  for (const log of logs) {
    const address = log.address.toLowerCase();
    const at = { block: log.blockNumber, txHash: log.transactionHash };
    const [signature, first, second] = log.topics;
    if (address === follows.token) {
      if (signature === APPROVAL) continue;
      if (signature !== TRANSFER) {
        found.push({ ...at, cause: `the token logged event ${signature ?? '(anonymous)'}` });
        continue;
      }
      const from = addressOfTopic(first);
      if (from === ZERO_ADDRESS) found.push({ ...at, cause: 'tokens were minted' });
      else if (holders.has(from))
        found.push({ ...at, cause: `${from}, the creator, owner or a large holder, moved tokens` });
    } else if (pools.has(address)) {
      if (signature && LIQUIDITY_REMOVED.has(signature))
        found.push({ ...at, cause: `liquidity was removed from pool ${address}` });
      // LP sent to a burn address by a holder (the pool burning its own LP is a removal: its Burn event says so).
      else if (
        signature === TRANSFER &&
        UNOWNED.has(addressOfTopic(second)) &&
        ![ZERO_ADDRESS, address].includes(addressOfTopic(first))
      )
        found.push({ ...at, cause: `LP tokens of pool ${address} were burned` });
    }
  }
  const selectors = new Set(follows.selectors);
  for (const tx of txs) {
    if (tx.to?.toLowerCase() !== follows.token) continue;
    const selector = tx.input.slice(0, 10).toLowerCase() as Hex;
    if (selectors.has(selector))
      found.push({ block: tx.blockNumber, txHash: tx.hash, cause: `owner power ${selector} was called` });
  }
  if (found.length === 0) return null;
  return found.reduce((a, b) => (b.block < a.block ? b : a));
}
