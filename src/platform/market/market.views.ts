import type { HolderTag, WhaleActivityLabel } from '../../analysis/holders/holders.types';
import type { ChainKey } from '../../config/app-config';

export interface PoolView {
  address: string;
  dex: string;
  kind: 'v2' | 'v3' | 'solidly';
  fee_tier: number | null;
  stable: boolean | null;
  pair: string;
  quote_symbol: string;
  quote_usd: number | null;
  liquidity_usd: number | null;
}

export interface BlockView {
  number: number;
  time: string | null;
}

export interface PriceResponse {
  chain: ChainKey;
  /** The id of the chain as served (31337 for `eth` on the embedded devnet). */
  chain_id: number;
  symbol: string;
  address: string;
  price_usd: number;
  change_24h_percent: number | null;
  pool: PoolView;
  block: BlockView;
  cached: boolean;
}

export interface WindowView {
  from: string;
  to: string;
  to_block: number;
  basis: string;
}

export interface ThresholdsView {
  large_transfer_min: string;
  holder_shift_min: string;
}

export interface WhaleSummaryView {
  large_transfers: number;
  large_holders_moved: number;
  whale_activity: WhaleActivityLabel;
}

/** From the pool = buy, to the pool = sell; from or to the zero (or a burn) address = mint or burn. */
export type TransferKind = 'buy' | 'sell' | 'mint' | 'burn' | 'transfer';

export interface LargeTransferView {
  block_number: number;
  log_index: number;
  time: string;
  from: string;
  to: string;
  amount: string;
  percent_of_supply: number;
  kind: TransferKind;
}

export interface HolderShiftView {
  address: string;
  net_change: string;
  balance: string;
  direction: 'accumulating' | 'distributing';
  tags: HolderTag[];
}

export interface WhalesResponse {
  chain: ChainKey;
  /** The id of the chain as served (31337 for `eth` on the embedded devnet). */
  chain_id: number;
  address: string;
  symbol: string;
  window: WindowView;
  thresholds: ThresholdsView;
  summary: WhaleSummaryView;
  large_transfers: LargeTransferView[];
  holder_shifts: HolderShiftView[];
}
