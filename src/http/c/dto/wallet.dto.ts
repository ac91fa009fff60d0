import { ApiProperty } from '@nestjs/swagger';
import type { WalletAnalysisResponse as WalletAnalysisResponseShape } from '../../../platform/wallet/wallet.views';

class NativeView {
  @ApiProperty({ example: 'ETH' }) symbol!: string;
  @ApiProperty({ example: '10000.5', description: 'Whole coins' }) balance!: string;
  @ApiProperty({ example: 3000, nullable: true }) price_usd!: number | null;
  @ApiProperty({ example: 30001500, nullable: true }) value_usd!: number | null;
}

class HoldingView {
  @ApiProperty({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' }) address!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ example: '1500000', description: 'Whole tokens' }) balance!: string;
  @ApiProperty({ example: 0.0123, nullable: true, description: 'From the deepest DEX pool' }) price_usd!: number | null;
  @ApiProperty({ example: 18450, nullable: true }) value_usd!: number | null;
  @ApiProperty({ example: 'LOW', nullable: true, description: "The token's overall risk; null when it could not be analysed" }) risk!: string | null;
  @ApiProperty({ example: [], type: [String], description: 'honeypot, high_risk, can_mint, can_pause, can_blacklist, hidden_mint, high_tax, unpriced' })
  flags!: string[];
}

class TransferView {
  @ApiProperty({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' }) token!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ example: 'in', enum: ['in', 'out'] }) direction!: string;
  @ApiProperty({ example: '0xadaa1ea0106589956419179e11c06891ddf4a789' }) counterparty!: string;
  @ApiProperty({ example: '1500', description: 'Whole tokens' }) amount!: string;
  @ApiProperty({ example: 120 }) block_number!: number;
  @ApiProperty({ example: '0x5c50…' }) tx_hash!: string;
}

class RiskFlagView {
  @ApiProperty({ example: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707' }) token!: string;
  @ApiProperty({ example: 'HONEY' }) symbol!: string;
  @ApiProperty({ example: 'honeypot' }) flag!: string;
  @ApiProperty({ example: 'Tokens can be bought but not sold' }) detail!: string;
}

class WalletWindowView {
  @ApiProperty({ example: 100 }) from_block!: number;
  @ApiProperty({ example: 50100 }) to_block!: number;
  @ApiProperty({ example: 'Transfer logs of the last 50,000 blocks (about 7 days at 12 s) plus the chain token list' }) basis!: string;
}

export class WalletAnalysisResponse implements WalletAnalysisResponseShape {
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' }) address!: string;
  @ApiProperty({ type: NativeView }) native!: NativeView;
  @ApiProperty({ type: [HoldingView], description: 'Tokens the wallet touched or lists, with a positive balance; largest value first' }) tokens!: HoldingView[];
  @ApiProperty({ example: 30020000.5, description: 'Native plus priced tokens, USD' }) portfolio_value_usd!: number;
  @ApiProperty({ type: [TransferView], description: 'Up to 20, newest first' }) recent_transfers!: TransferView[];
  @ApiProperty({ type: [RiskFlagView] }) risk_flags!: RiskFlagView[];
  @ApiProperty({ type: WalletWindowView }) window!: WalletWindowView;
}
