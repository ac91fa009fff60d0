import { ApiProperty } from '@nestjs/swagger';
import type { PriceResponse as PriceResponseShape, WhalesResponse as WhalesResponseShape } from '../../../platform/market/market.views';

class PoolView {
  @ApiProperty({ example: '0xaDaA1Ea0106589956419179E11c06891dDf4A789' }) address!: string;
  @ApiProperty({ example: 'Uniswap V2' }) dex!: string;
  @ApiProperty({ example: 'CLEAN/WETH' }) pair!: string;
  @ApiProperty({ example: 'WETH' }) quote_symbol!: string;
  @ApiProperty({ example: 3000, nullable: true, description: "The quote token's USD price used" }) quote_usd!: number | null;
  @ApiProperty({ example: 120000.5, nullable: true }) liquidity_usd!: number | null;
}

class BlockView {
  @ApiProperty({ example: 42 }) number!: number;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z', nullable: true }) time!: string | null;
}

export class PriceResponse implements PriceResponseShape {
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' }) address!: string;
  @ApiProperty({ example: 0.0123 }) price_usd!: number;
  @ApiProperty({ example: -2.5, nullable: true }) change_24h_percent!: number | null;
  @ApiProperty({ type: PoolView, description: 'The deepest pool: the price is its reserves ratio times the quote price' }) pool!: PoolView;
  @ApiProperty({ type: BlockView, description: 'Block whose reserves gave the price' }) block!: BlockView;
  @ApiProperty({ example: false, description: 'Served from a report ≤ 15 s old' }) cached!: boolean;
}

class WindowView {
  @ApiProperty({ example: '2026-11-20T12:00:00.000Z' }) from!: string;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) to!: string;
  @ApiProperty({ example: 1234, description: 'Head block the transfer index reached' }) to_block!: number;
  @ApiProperty({ example: '24 h of chain time ending at the indexed head block' }) basis!: string;
}

class ThresholdsView {
  @ApiProperty({ example: '10000000', description: 'Whole tokens: a large transfer moves at least this (1% of supply)' }) large_transfer_min!: string;
  @ApiProperty({ example: '10000000', description: 'Whole tokens: a holder shift is a net change of at least this' }) holder_shift_min!: string;
}

class WhaleSummaryView {
  @ApiProperty({ example: 3 }) large_transfers!: number;
  @ApiProperty({ example: 2, description: 'Large holders whose balance changed in the window' }) large_holders_moved!: number;
  @ApiProperty({ example: 'MODERATE', enum: ['LOW', 'MODERATE', 'HIGH', 'VERY_HIGH'] }) whale_activity!: string;
}

class LargeTransferView {
  @ApiProperty({ example: 1200 }) block_number!: number;
  @ApiProperty({ example: 3 }) log_index!: number;
  @ApiProperty({ example: '2026-11-21T11:00:00.000Z' }) time!: string;
  @ApiProperty({ example: '0xadaa1ea0106589956419179e11c06891ddf4a789' }) from!: string;
  @ApiProperty({ example: '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc' }) to!: string;
  @ApiProperty({ example: '15000000', description: 'Whole tokens' }) amount!: string;
  @ApiProperty({ example: 1.5 }) percent_of_supply!: number;
  @ApiProperty({ example: 'buy', enum: ['buy', 'sell', 'mint', 'burn', 'transfer'], description: 'From the pool = buy, to the pool = sell' })
  kind!: string;
}

class HolderShiftView {
  @ApiProperty({ example: '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc' }) address!: string;
  @ApiProperty({ example: '-15000000', description: 'Net whole tokens in (+) or out (−) over the window' }) net_change!: string;
  @ApiProperty({ example: '5000000', description: 'Whole tokens held now' }) balance!: string;
  @ApiProperty({ example: 'distributing', enum: ['accumulating', 'distributing'] }) direction!: string;
  @ApiProperty({ example: [], type: [String], description: 'pair, burn, zero, contract' }) tags!: string[];
}

export class WhalesResponse implements WhalesResponseShape {
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' }) address!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ type: WindowView }) window!: WindowView;
  @ApiProperty({ type: ThresholdsView }) thresholds!: ThresholdsView;
  @ApiProperty({ type: WhaleSummaryView }) summary!: WhaleSummaryView;
  @ApiProperty({ type: [LargeTransferView], description: 'Up to 50, largest first' }) large_transfers!: LargeTransferView[];
  @ApiProperty({ type: [HolderShiftView], description: 'Up to 50, largest net change first' }) holder_shifts!: HolderShiftView[];
}
