import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { TxWarningView as TxWarningViewShape, WarningSeverity, UnsignedTransactionView as UnsignedTransactionViewShape, TxStepView as TxStepViewShape, RouteView as RouteViewShape, RiskVerdictView as RiskVerdictViewShape, PrepareTransactionResponse as PrepareTransactionResponseShape, BalanceChangeView as BalanceChangeViewShape, SimulateTransactionResponse as SimulateTransactionResponseShape } from '../../../platform/transaction/transaction.views';

export class TxWarningView implements TxWarningViewShape {
  @ApiProperty({ example: 'HONEYPOT', description: 'HONEYPOT, CANNOT_SELL, CANNOT_SELL_ALL, HIDDEN_MINT, HIGH_TAX, OWNER_CAN_<KIND> (one per live finding kind: OWNER_CAN_MINT, OWNER_CAN_BALANCE_SEIZURE, OWNER_CAN_CONFISCATORY_FEE, OWNER_CAN_BLACKLIST, OWNER_CAN_PAUSE, ...), UPGRADEABLE_PROXY, NOT_SIMULATED, WILL_REVERT, RISK_OVERRIDDEN, HIGH_PRICE_IMPACT, NOT_TRACED' })
  code!: string;
  @ApiProperty({ example: 'critical', enum: ['critical', 'high', 'medium', 'info'] }) severity!: WarningSeverity;
  @ApiProperty({ example: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707', nullable: true }) token!: string | null;
  @ApiProperty({ example: 'HONEY', nullable: true }) symbol!: string | null;
  @ApiProperty({ example: 'It cannot be sold: sell reverted: TRANSFER_FAILED' }) message!: string;
}

/** Field names as wallets and EIP-1193 `eth_sendTransaction` use them; quantities as decimal text. */
export class UnsignedTransactionView implements UnsignedTransactionViewShape {
  @ApiProperty({ example: 'eip1559', enum: ['eip1559'] }) type!: string;
  @ApiProperty({ example: 1 }) chainId!: number;
  @ApiProperty({ example: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' }) from!: string;
  @ApiProperty({ example: '0x0B306BF915C4d645ff596e518fAf3F9669b97016' }) to!: string;
  @ApiProperty({ example: '0x…', description: 'Calldata' }) data!: string;
  @ApiProperty({ example: '500000000000000000', description: 'Wei' }) value!: string;
  @ApiProperty({ example: '151234', description: 'Gas limit: the eth_estimateGas figure plus 20%, or the eth_simulateV1 figure (gas used after refunds) plus 50%; a default when it could not be estimated' }) gas!: string;
  @ApiProperty({ example: '2000000000', description: 'Wei per gas: 2 × the latest base fee + the priority fee' }) maxFeePerGas!: string;
  @ApiProperty({ example: '1000000000' }) maxPriorityFeePerGas!: string;
  @ApiProperty({ example: 12 }) nonce!: number;
}

export class TxStepView implements TxStepViewShape {
  @ApiProperty({ example: 'swap', enum: ['approve', 'swap', 'transfer'] }) kind!: string;
  @ApiProperty({ example: 'Swap 0.5 ETH for ≥ 40,000 CLEAN on Uniswap V2' }) description!: string;
  @ApiProperty({ type: UnsignedTransactionView }) transaction!: UnsignedTransactionView;
  @ApiProperty({ example: '126028', nullable: true, description: 'Gas the node estimated (before headroom)' }) gas_estimate!: string | null;
  @ApiProperty({ example: 'eth_estimateGas', enum: ['eth_estimateGas', 'eth_simulateV1', 'default'], description: 'eth_simulateV1: estimated after the approval in the same simulated block' })
  gas_source!: string;
}

class TokenSideView {
  @ApiProperty({ example: 'native', description: '`native` or the token address' }) token!: string;
  @ApiProperty({ example: 'ETH' }) symbol!: string;
  @ApiProperty({ example: 18 }) decimals!: number;
  @ApiProperty({ example: '0.5', description: 'Whole units' }) amount!: string;
  @ApiProperty({ example: '500000000000000000', description: 'Raw units' }) amount_raw!: string;
}

class RouteAlternativeView {
  @ApiProperty({ example: 'Uniswap V2' }) dex!: string;
  @ApiProperty({ type: [String], example: ['0x5FbDB2315678afecb367f032d93F642f64180aa3', '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9'] }) path!: string[];
  @ApiProperty({ example: '40123456789', description: 'Raw units quoted' }) amount_out_raw!: string;
}

export class RouteView implements RouteViewShape {
  @ApiProperty({ example: 'Uniswap V2' }) dex!: string;
  @ApiProperty({ example: '0x0B306BF915C4d645ff596e518fAf3F9669b97016' }) router!: string;
  @ApiProperty({ type: [String], description: 'Token addresses; wrapped native stands for the native coin' }) path!: string[];
  @ApiProperty({ type: [String], example: ['WETH', 'CLEAN'] }) path_symbols!: string[];
  @ApiProperty({ type: TokenSideView }) input!: TokenSideView;
  @ApiProperty({ type: TokenSideView, description: 'The router quote (getAmountsOut)' }) quoted_out!: TokenSideView;
  @ApiProperty({ type: TokenSideView, description: 'The quote less the taxes the engine measured for the tokens traded' }) expected_out!: TokenSideView;
  @ApiProperty({ type: TokenSideView, description: 'expected_out less slippage_bps: the swap reverts below it' }) minimum_out!: TokenSideView;
  @ApiProperty({ example: 50 }) slippage_bps!: number;
  @ApiProperty({ example: 0.35, nullable: true, description: 'Percent the trade moves the price, against a quote of 1/10,000 of the amount on the same path' }) price_impact_percent!: number | null;
  @ApiProperty({ example: 0, description: 'Percent taken off the quote for measured token taxes' }) tax_adjustment_percent!: number;
  @ApiProperty({ example: '1795300565', description: 'Unix seconds; the router refuses the swap after it (latest block time + 20 minutes)' }) deadline!: string;
  @ApiProperty({ type: [RouteAlternativeView], description: 'Every path that quoted, best first (one multicall)' }) alternatives!: RouteAlternativeView[];
}

export class RiskVerdictView implements RiskVerdictViewShape {
  @ApiProperty({ example: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707' }) token!: string;
  @ApiProperty({ example: 'HONEY' }) symbol!: string;
  @ApiProperty({ example: 12 }) service_score!: number;
  @ApiProperty({ example: 'VERY_HIGH' }) risk!: string;
  @ApiProperty({ example: true, nullable: true }) is_honeypot!: boolean | null;
  @ApiProperty({ example: true, nullable: true }) cannot_sell!: boolean | null;
  @ApiProperty({ example: 0, nullable: true, description: 'Percent' }) buy_tax!: number | null;
  @ApiProperty({ example: 0, nullable: true }) sell_tax!: number | null;
  @ApiProperty({ example: true, description: 'Refused unless allow_risky' }) blocking!: boolean;
  @ApiProperty({ type: [TxWarningView] }) warnings!: TxWarningView[];
}

export class PrepareTransactionResponse implements PrepareTransactionResponseShape {
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: 'swap', enum: ['swap', 'transfer'] }) intent!: string;
  @ApiProperty({ example: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' }) from!: string;
  @ApiProperty({ type: UnsignedTransactionView, description: 'The transaction of the intent (the last step)' }) transaction!: UnsignedTransactionView;
  @ApiProperty({ type: [TxStepView], description: 'Everything to sign and send, in order (an ERC-20 approval first when the allowance is short); nonces are consecutive' })
  steps!: TxStepView[];
  @ApiProperty({ type: RouteView, nullable: true, description: 'Swaps only' }) route!: RouteView | null;
  @ApiProperty({ type: [RiskVerdictView], description: 'The engine’s verdict on each token bought or sold (chain quote tokens are not analysed)' }) risk!: RiskVerdictView[];
  @ApiProperty({ type: [TxWarningView] }) warnings!: TxWarningView[];
  @ApiProperty({ example: 349 }) block_number!: number;
}

export class BalanceChangeView implements BalanceChangeViewShape {
  @ApiProperty({ example: 'native', description: '`native` or the token address' }) token!: string;
  @ApiProperty({ example: 'ETH' }) symbol!: string;
  @ApiProperty({ example: 18 }) decimals!: number;
  @ApiProperty({ example: '10000', description: 'Whole units before' }) before!: string;
  @ApiProperty({ example: '9999.5' }) after!: string;
  @ApiProperty({ example: '-0.5', description: 'Signed whole units (native: excluding gas fees)' }) change!: string;
  @ApiProperty({ example: '-500000000000000000' }) change_raw!: string;
}

export class SimulateTransactionResponse implements SimulateTransactionResponseShape {
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' }) from!: string;
  @ApiProperty({ example: '0x0B306BF915C4d645ff596e518fAf3F9669b97016' }) to!: string;
  @ApiProperty({ example: false }) success!: boolean;
  @ApiProperty({ example: 'TRANSFER_FAILED', nullable: true }) revert_reason!: string | null;
  @ApiProperty({ example: 45357, nullable: true }) gas_used!: number | null;
  @ApiProperty({ type: [BalanceChangeView], description: "The sender's native balance and every ERC-20 balance the transaction's Transfer logs touch" })
  balance_changes!: BalanceChangeView[];
  @ApiProperty({ type: [TxWarningView], description: 'From the engine’s analysis of every token the transaction touches (Transfer logs, router path, ERC-20 call target)' })
  warnings!: TxWarningView[];
  @ApiProperty({ type: [String], description: 'Tokens analysed for the warnings' }) tokens_analysed!: string[];
  @ApiProperty({ example: 'eth_simulateV1', enum: ['eth_simulateV1', 'eth_call'], description: 'eth_call (fallback when the node lacks eth_simulateV1) cannot trace token balance changes' })
  method!: string;
  @ApiPropertyOptional({ example: 350, nullable: true, description: 'The simulated block' }) block_number!: number | null;
}
