import { z } from 'zod';
import type { GasSource, StepKind } from '../../../platform/transaction/gas-planner';
import {
  INTENTS,
  type PrepareTransactionResponse,
  type SimulateTransactionResponse,
  type WarningSeverity,
} from '../../../platform/transaction/transaction.views';
import { component } from '../../shared/openapi/api-schemas';
import { addressField, chainFields, riskLevel, chainFirst } from './answer-fields';

const SEVERITIES = ['critical', 'high', 'medium', 'info'] as const satisfies readonly WarningSeverity[];
const STEP_KINDS = ['approve', 'swap', 'transfer'] as const satisfies readonly StepKind[];
const GAS_SOURCES = ['eth_estimateGas', 'eth_simulateV1', 'default'] as const satisfies readonly GasSource[];
const SENDER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const ROUTER = '0x0B306BF915C4d645ff596e518fAf3F9669b97016';
const WETH = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const HONEY = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

const TxWarningC = component(
  'TxWarningC',
  z.object({
    code: z.string().meta({
      example: 'HONEYPOT',
      description:
        'HONEYPOT, CANNOT_SELL, CANNOT_SELL_ALL, HIDDEN_MINT, HIGH_TAX, OWNER_CAN_<KIND> (one per live finding kind: OWNER_CAN_MINT, OWNER_CAN_BALANCE_SEIZURE, OWNER_CAN_CONFISCATORY_FEE, OWNER_CAN_BLACKLIST, OWNER_CAN_PAUSE, ...), UPGRADEABLE_PROXY, NOT_SIMULATED, WILL_REVERT, RISK_OVERRIDDEN, HIGH_PRICE_IMPACT, NOT_TRACED',
    }),
    severity: z.enum(SEVERITIES).meta({ example: 'critical' }),
    token: addressField({
      example: HONEY,
      description: 'The token it is about; null for a warning about the transaction',
    }).nullable(),
    symbol: z.string().nullable().meta({ example: 'HONEY' }),
    message: z.string().meta({ example: 'It cannot be sold: sell reverted: TRANSFER_FAILED' }),
  }),
);

const UnsignedTransactionC = component(
  'UnsignedTransactionC',
  z
    .object({
      type: z.literal('eip1559'),
      chainId: z
        .number()
        .int()
        .meta({ example: 1, description: "The chain's id as its node reports it (what the wallet signs for)" }),
      from: addressField({ example: SENDER }),
      to: addressField({ example: ROUTER }),
      data: z.string().meta({ example: '0x7ff36ab5', description: 'Calldata, 0x-prefixed hex' }),
      value: z.string().meta({ example: '500000000000000000', description: 'Wei' }),
      gas: z.string().meta({
        example: '151234',
        description:
          'Gas limit: the eth_estimateGas figure plus 20%, or the eth_simulateV1 figure (gas used after refunds) plus 50%; a default when it could not be estimated',
      }),
      maxFeePerGas: z
        .string()
        .meta({ example: '2000000000', description: 'Wei per gas: 2 × the latest base fee + the priority fee' }),
      maxPriorityFeePerGas: z.string().meta({ example: '1000000000' }),
      nonce: z.number().int().meta({ example: 12 }),
    })
    .meta({
      description: 'Field names as wallets and EIP-1193 `eth_sendTransaction` use them; quantities as decimal text',
    }),
);

const TxStep = z.object({
  kind: z.enum(STEP_KINDS).meta({ example: 'swap' }),
  description: z.string().meta({ example: 'Swap 0.5 ETH for ≥ 40,000 CLEAN on Uniswap V2' }),
  transaction: UnsignedTransactionC,
  gas_estimate: z
    .string()
    .nullable()
    .meta({ example: '126028', description: 'Gas the node estimated (before headroom); null when it could not' }),
  gas_source: z.enum(GAS_SOURCES).meta({
    example: 'eth_estimateGas',
    description: 'eth_simulateV1: estimated after the approval in the same simulated block',
  }),
});

const TokenSideC = component(
  'TokenSideC',
  z.object({
    token: z.string().meta({ example: 'native', description: '`native` or the token address' }),
    symbol: z.string().meta({ example: 'ETH' }),
    decimals: z.number().int().meta({ example: 18 }),
    amount: z.string().meta({ example: '0.5', description: 'Whole units' }),
    amount_raw: z.string().meta({ example: '500000000000000000', description: 'Raw units' }),
  }),
);

const Route = z.object({
  dex: z.string().meta({ example: 'Uniswap V2' }),
  router: addressField({ example: ROUTER }),
  path: z.array(z.string()).meta({
    example: [WETH, '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9'],
    description: 'Token addresses; wrapped native stands for the native coin',
  }),
  path_symbols: z
    .array(z.string())
    .meta({ example: ['WETH', 'CLEAN'], description: 'The address where a token has no known symbol' }),
  input: TokenSideC,
  quoted_out: TokenSideC.meta({ description: 'The router quote (getAmountsOut)' }),
  expected_out: TokenSideC.meta({ description: 'The quote less the taxes the engine measured for the tokens traded' }),
  minimum_out: TokenSideC.meta({ description: 'expected_out less slippage_bps: the swap reverts below it' }),
  slippage_bps: z.number().int().meta({ example: 50 }),
  price_impact_percent: z.number().nullable().meta({
    example: 0.35,
    description: 'Percent the trade moves the price, against a quote of 1/10,000 of the amount on the same path',
  }),
  tax_adjustment_percent: z
    .number()
    .meta({ example: 0, description: 'Percent taken off the quote for measured token taxes' }),
  deadline: z.string().meta({
    example: '1795300565',
    description: 'Unix seconds; the router refuses the swap after it (latest block time + 20 minutes)',
  }),
  alternatives: z
    .array(
      z.object({
        dex: z.string().meta({ example: 'Uniswap V2' }),
        path: z.array(z.string()).meta({ example: [WETH, '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9'] }),
        amount_out_raw: z.string().meta({ example: '40123456789', description: 'Raw units quoted' }),
      }),
    )
    .meta({ description: 'Every path that quoted, best first (one multicall)' }),
});

const RiskVerdict = z.object({
  token: addressField({ example: HONEY }),
  symbol: z.string().meta({ example: 'HONEY' }),
  service_score: z.number().int().meta({ example: 12 }),
  risk: riskLevel.meta({ example: 'VERY_HIGH' }),
  is_honeypot: z.boolean().nullable().meta({ example: true, description: 'null when trading could not be simulated' }),
  cannot_sell: z.boolean().nullable().meta({ example: true }),
  buy_tax: z.number().nullable().meta({ example: 0, description: 'Percent' }),
  sell_tax: z.number().nullable().meta({ example: 0, description: 'Percent' }),
  blocking: z.boolean().meta({ example: true, description: 'Refused unless allow_risky' }),
  warnings: z.array(TxWarningC),
});

export const PreparedTransactionC = component(
  'PreparedTransactionC',
  z.object({
    ...chainFields,
    intent: z.enum(INTENTS).meta({ example: 'swap' }),
    from: addressField({ example: SENDER }),
    transaction: UnsignedTransactionC.meta({ description: 'The transaction of the intent (the last step)' }),
    steps: z.array(TxStep).meta({
      description:
        'Everything to sign and send, in order (an ERC-20 approval first when the allowance is short); nonces are consecutive',
    }),
    route: Route.nullable().meta({ description: 'Swaps only: null for a transfer' }),
    risk: z.array(RiskVerdict).meta({
      description:
        'The engine’s verdict on each token bought or sold (chain quote tokens are not analysed); empty for a transfer',
    }),
    warnings: z.array(TxWarningC),
    block_number: z.number().int().meta({ example: 349 }),
  }) satisfies z.ZodType<PrepareTransactionResponse>,
);
export type PreparedTransactionC = z.output<typeof PreparedTransactionC>;

const BalanceChange = z.object({
  token: z.string().meta({ example: 'native', description: '`native` or the token address' }),
  symbol: z.string().meta({ example: 'ETH' }),
  decimals: z.number().int().meta({ example: 18 }),
  before: z.string().meta({ example: '10000', description: 'Whole units before' }),
  after: z.string().meta({ example: '9999.5' }),
  change: z.string().meta({ example: '-0.5', description: 'Signed whole units (native: excluding gas fees)' }),
  change_raw: z.string().meta({ example: '-500000000000000000' }),
});

export const SimulationC = component(
  'SimulationC',
  z.object({
    ...chainFields,
    from: addressField({ example: SENDER }),
    to: addressField({ example: ROUTER }),
    success: z.boolean().meta({ example: false }),
    revert_reason: z.string().nullable().meta({ example: 'TRANSFER_FAILED' }),
    gas_used: z.number().int().nullable().meta({ example: 45357 }),
    balance_changes: z.array(BalanceChange).meta({
      description: "The sender's native balance and every ERC-20 balance the transaction's Transfer logs touch",
    }),
    warnings: z.array(TxWarningC).meta({
      description:
        'From the engine’s analysis of every token the transaction touches (Transfer logs, router path, ERC-20 call target)',
    }),
    tokens_analysed: z.array(z.string()).meta({ example: [HONEY], description: 'Tokens analysed for the warnings' }),
    method: z.enum(['eth_simulateV1', 'eth_call']).meta({
      example: 'eth_simulateV1',
      description: 'eth_call (fallback when the node lacks eth_simulateV1) cannot trace token balance changes',
    }),
    block_number: z
      .number()
      .int()
      .nullable()
      .meta({ example: 350, description: 'The simulated block; null when eth_call failed' }),
  }) satisfies z.ZodType<SimulateTransactionResponse>,
);
export type SimulationC = z.output<typeof SimulationC>;

export const presentPrepared = (view: PrepareTransactionResponse): PreparedTransactionC => chainFirst(view);
export const presentSimulation = (view: SimulateTransactionResponse): SimulationC => chainFirst(view);
