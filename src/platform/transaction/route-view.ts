import { formatUnits, type Address } from 'viem';
import type { GasPlan, PlannedStep } from './gas-planner';
import type { QuotedRoute } from './route-finder';
import type { TokenSide } from './sender-reads';
import type { RouteView, TxStepView, UnsignedTransactionView } from './transaction.views';

export interface FeeData {
  chainId: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** The unsigned EIP-1559 transactions of the steps, with consecutive nonces from the pending one. */
export function presentSteps(input: {
  from: Address;
  nonce: number;
  fees: FeeData;
  steps: PlannedStep[];
  gas: GasPlan[];
  descriptions: string[];
}): TxStepView[] {
  return input.steps.map((step, i) => {
    const transaction: UnsignedTransactionView = {
      type: 'eip1559',
      chainId: input.fees.chainId,
      from: input.from,
      to: step.call.to,
      data: step.call.data,
      value: step.call.value.toString(),
      gas: input.gas[i].limit.toString(),
      maxFeePerGas: input.fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: input.fees.maxPriorityFeePerGas.toString(),
      nonce: input.nonce + i,
    };
    return {
      kind: step.kind,
      description: input.descriptions[i],
      transaction,
      gas_estimate: input.gas[i].estimate?.toString() ?? null,
      gas_source: input.gas[i].source,
    };
  });
}

export function sideView(side: TokenSide, raw: bigint): RouteView['input'] {
  return {
    token: side.native ? 'native' : side.address,
    symbol: side.symbol,
    decimals: side.decimals,
    amount: formatUnits(raw, side.decimals),
    amount_raw: raw.toString(),
  };
}

export function presentRoute(input: {
  best: QuotedRoute;
  all: QuotedRoute[];
  sideIn: TokenSide;
  sideOut: TokenSide;
  amountIn: bigint;
  expectedOut: bigint;
  minOut: bigint;
  slippageBps: number;
  taxBps: bigint;
  deadline: bigint;
  symbols: Map<string, string>;
}): RouteView {
  const { best } = input;
  return {
    dex: best.dex,
    router: best.router,
    path: best.path,
    path_symbols: best.path.map((a) => input.symbols.get(a.toLowerCase()) ?? a),
    input: sideView(input.sideIn, input.amountIn),
    quoted_out: sideView(input.sideOut, best.amountOut),
    expected_out: sideView(input.sideOut, input.expectedOut),
    minimum_out: sideView(input.sideOut, input.minOut),
    slippage_bps: input.slippageBps,
    price_impact_percent: best.priceImpactPercent,
    tax_adjustment_percent: Number(input.taxBps) / 100,
    deadline: input.deadline.toString(),
    alternatives: [...input.all]
      .sort((a, b) => (b.amountOut > a.amountOut ? 1 : b.amountOut < a.amountOut ? -1 : 0))
      .map((r) => ({ dex: r.dex, path: r.path, amount_out_raw: r.amountOut.toString() })),
  };
}

/** Whole-unit text with thousands separators cut to 6 decimals, for step descriptions. */
export function shortAmount(raw: bigint, decimals: number): string {
  const [int, frac = ''] = formatUnits(raw, decimals).split('.');
  const trimmed = frac.slice(0, 6).replace(/0+$/, '');
  return `${BigInt(int).toLocaleString('en-US')}${trimmed ? `.${trimmed}` : ''}`;
}
