import { Injectable } from '@nestjs/common';
import { formatUnits, parseUnits, type Address } from 'viem';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import { ChainRegistry, type ChainContext } from '../../chain/chain-registry';
import { withChainErrors } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import { parseAddress, TokenResolver } from '../analyze/token-resolver';
import { planGas, type GasPlan, type PlannedStep } from './gas-planner';
import { presentRoute, presentSteps, shortAmount } from './route-view';
import { bestRoute, candidateRoutes, quoteRoutes } from './route-finder';
import { readSenderState, type SenderState, type TokenSide } from './sender-reads';
import { verdictOf } from './token-risk';
import type {
  PrepareTransactionRequest,
  PrepareTransactionResponse,
  RiskVerdictView,
  RouteView,
  TxWarningView,
} from './transaction.views';
import {
  BadIntentError,
  InsufficientBalanceError,
  NoRouteError,
  RiskyTokenError,
  WouldRevertError,
} from './transaction.errors';
import { approveCall, swapCall, transferCall } from './tx-encoding';

const DEADLINE_SECONDS = 20n * 60n;
const RISK_REPORT_TTL = 60;
const HIGH_IMPACT_PERCENT = 5;

interface Plan {
  steps: PlannedStep[];
  descriptions: string[];
  route: RouteView | null;
  warnings: TxWarningView[];
}

/** Swap and transfer intents → unsigned EIP-1559 transactions, routed, risk-checked and gas-estimated. */
@Injectable()
export class TransactionPrepareService {
  constructor(
    private readonly chains: ChainRegistry,
    private readonly analysis: TokenAnalysisService,
    private readonly resolver: TokenResolver,
  ) {}

  async prepare(dto: PrepareTransactionRequest): Promise<PrepareTransactionResponse> {
    const from = parseAddress(dto.from, 'from');
    const context = this.chains.get(dto.chain);
    const recipient = dto.to ? parseAddress(dto.to, 'to') : null;
    if (dto.intent === 'transfer' && !recipient) throw new BadIntentError('to', 'A transfer needs `to`, the recipient');
    const sides = await this.sides(dto);
    return withChainErrors(dto.chain, async () => {
      const [state, risk] = await Promise.all([
        readSenderState({ chain: dto.chain, client: context.client, facts: context.facts, from, sides, inIndex: 0 }),
        dto.intent === 'swap' ? this.verdicts(dto.chain, context, sides) : Promise.resolve([]),
      ]);
      const amountIn = this.amount(dto.amount_in, state.sides[0]);
      if (state.balanceIn < amountIn) {
        throw new InsufficientBalanceError({
          symbol: state.sides[0].symbol,
          balance: formatUnits(state.balanceIn, state.sides[0].decimals),
          needed: dto.amount_in,
        });
      }
      const blocking = risk.filter((v) => v.blocking);
      if (blocking.length && !dto.allow_risky) throw new RiskyTokenError(blocking);
      const plan =
        dto.intent === 'swap'
          ? await this.swapPlan({ dto, context, state, risk, amountIn, recipient: recipient ?? from })
          : transferPlan(state.sides[0], amountIn, recipient!);
      const gas = await planGas({
        chain: dto.chain,
        client: context.client,
        facts: context.facts,
        from,
        steps: plan.steps,
      });
      const warnings = [
        ...(blocking.length ? [overridden(blocking)] : []),
        ...risk.flatMap((v) => v.warnings),
        ...plan.warnings,
        ...revertWarnings(gas, dto.allow_risky),
      ];
      const baseFee = state.block.baseFeePerGas ?? 0n;
      const steps = presentSteps({
        from,
        nonce: state.nonce,
        fees: {
          chainId: context.facts.chainId,
          maxFeePerGas: baseFee * 2n + state.priorityFee,
          maxPriorityFeePerGas: state.priorityFee,
        },
        steps: plan.steps,
        gas,
        descriptions: plan.descriptions,
      });
      return {
        chain: dto.chain,
        chain_id: context.facts.chainId,
        intent: dto.intent,
        from,
        transaction: steps[steps.length - 1].transaction,
        steps,
        route: plan.route,
        risk,
        warnings,
        block_number: Number(state.block.number),
      };
    });
  }

  /** token_in (default native) and, for a swap, token_out: `native`/the coin's symbol, an address or a listed symbol. */
  private async sides(dto: PrepareTransactionRequest): Promise<Array<{ native: boolean; address: Address }>> {
    const facts = this.chains.get(dto.chain).facts;
    const side = async (value: string, field: string) => {
      if (['native', facts.nativeSymbol.toLowerCase()].includes(value.trim().toLowerCase()))
        return { native: true, address: facts.wrappedNative.address };
      return { native: false, address: (await this.resolver.resolve(dto.chain, value.trim(), field)).address };
    };
    const tokenIn = await side(dto.token_in ?? 'native', 'token_in');
    if (dto.intent === 'transfer') return [tokenIn];
    if (!dto.token_out) throw new BadIntentError('token_out', 'A swap needs `token_out`, what is bought');
    const tokenOut = await side(dto.token_out, 'token_out');
    if (tokenIn.address.toLowerCase() === tokenOut.address.toLowerCase()) {
      const message =
        tokenIn.native !== tokenOut.native
          ? 'Wrapping or unwrapping the native coin is not a swap: call deposit/withdraw on the wrapped token'
          : 'token_in and token_out are the same token';
      throw new BadIntentError('token_out', message, dto.token_out);
    }
    return [tokenIn, tokenOut];
  }

  /** The engine's verdict on each traded token; the chain's quote tokens (wrapped native, stablecoins) are the reference, not analysed. */
  private async verdicts(
    chain: ChainKey,
    context: ChainContext,
    sides: Array<{ native: boolean; address: Address }>,
  ): Promise<RiskVerdictView[]> {
    const quotes = new Set(
      [context.facts.wrappedNative.address, ...context.facts.stablecoins.map((s) => s.address)].map((a) =>
        a.toLowerCase(),
      ),
    );
    const analysed = sides.filter((s) => !s.native && !quotes.has(s.address.toLowerCase()));
    const served = await Promise.all(
      analysed.map((s) =>
        this.analysis.scan({ chain, address: s.address, features: ['security'], cacheTtl: RISK_REPORT_TTL }),
      ),
    );
    return served.map((s) => verdictOf(s.report));
  }

  private amount(text: string, side: TokenSide): bigint {
    const fraction = text.split('.')[1] ?? '';
    if (fraction.length > side.decimals)
      throw new BadIntentError('amount_in', `amount_in has more decimals than ${side.symbol} (${side.decimals})`, text);
    const raw = parseUnits(text, side.decimals);
    if (raw === 0n) throw new BadIntentError('amount_in', 'amount_in must be more than 0', text);
    return raw;
  }

  private async swapPlan(input: {
    dto: PrepareTransactionRequest;
    context: ChainContext;
    state: SenderState;
    risk: RiskVerdictView[];
    amountIn: bigint;
    recipient: Address;
  }): Promise<Plan> {
    const { dto, context, state, amountIn } = input;
    const [sideIn, sideOut] = state.sides;
    const candidates = candidateRoutes(context.facts, sideIn.address, sideOut.address);
    const quoted = await quoteRoutes({
      chain: dto.chain,
      client: context.client,
      facts: context.facts,
      candidates,
      amountIn,
    });
    const best = bestRoute(quoted);
    if (!best)
      throw new NoRouteError({
        tokenIn: sideIn.native ? 'native' : sideIn.address,
        tokenOut: sideOut.native ? 'native' : sideOut.address,
        tried: candidates.length,
      });
    const taxBps = taxBasisPoints(input.risk, sideIn, sideOut);
    const expectedOut = (best.amountOut * (10_000n - taxBps)) / 10_000n;
    const minOut = (expectedOut * BigInt(10_000 - dto.slippage_bps)) / 10_000n;
    const now = BigInt(Math.floor(Date.now() / 1000));
    const deadline = (state.block.timestamp > now ? state.block.timestamp : now) + DEADLINE_SECONDS;
    const swap = swapCall({
      router: best.router,
      path: best.path,
      amountIn,
      minOut,
      recipient: input.recipient,
      deadline,
      nativeIn: sideIn.native,
      nativeOut: sideOut.native,
    });
    const needsApproval = !sideIn.native && state.allowances[best.dexIndex] < amountIn;
    const symbols = new Map<string, string>([
      [context.facts.wrappedNative.address.toLowerCase(), context.facts.wrappedNative.symbol],
      ...context.facts.stablecoins.map((s) => [s.address.toLowerCase(), s.symbol] as [string, string]),
      ...state.sides.filter((s) => !s.native).map((s) => [s.address.toLowerCase(), s.symbol] as [string, string]),
    ]);
    const swapText = `Swap ${dto.amount_in} ${sideIn.symbol} for at least ${shortAmount(minOut, sideOut.decimals)} ${sideOut.symbol} on ${best.dex}`;
    return {
      steps: [
        ...(needsApproval
          ? [{ kind: 'approve' as const, call: approveCall(sideIn.address, best.router, amountIn) }]
          : []),
        { kind: 'swap', call: swap },
      ],
      descriptions: [
        ...(needsApproval ? [`Approve ${best.dex}'s router to spend ${dto.amount_in} ${sideIn.symbol}`] : []),
        swapText,
      ],
      route: presentRoute({
        best,
        all: quoted,
        sideIn,
        sideOut,
        amountIn,
        expectedOut,
        minOut,
        slippageBps: dto.slippage_bps,
        taxBps,
        deadline,
        symbols,
      }),
      warnings:
        best.priceImpactPercent !== null && best.priceImpactPercent >= HIGH_IMPACT_PERCENT
          ? [
              {
                code: 'HIGH_PRICE_IMPACT',
                severity: 'high',
                token: null,
                symbol: null,
                message: `The trade moves the price by ${best.priceImpactPercent}%`,
              },
            ]
          : [],
    };
  }
}

function transferPlan(side: TokenSide, amount: bigint, to: Address): Plan {
  return {
    steps: [{ kind: 'transfer', call: transferCall({ token: side.native ? null : side.address, to, amount }) }],
    descriptions: [`Send ${shortAmount(amount, side.decimals)} ${side.symbol} to ${to}`],
    route: null,
    warnings: [],
  };
}

/** Measured sell tax of what is sold and buy tax of what is bought, compounded, in basis points. */
function taxBasisPoints(risk: RiskVerdictView[], sideIn: TokenSide, sideOut: TokenSide): bigint {
  const tax = (side: TokenSide, kind: 'buy_tax' | 'sell_tax') =>
    risk.find((v) => v.token.toLowerCase() === side.address.toLowerCase() && !side.native)?.[kind] ?? 0;
  const keep = (1 - tax(sideIn, 'sell_tax') / 100) * (1 - tax(sideOut, 'buy_tax') / 100);
  return BigInt(Math.min(10_000, Math.max(0, Math.round((1 - keep) * 10_000))));
}

function overridden(blocking: RiskVerdictView[]): TxWarningView {
  const names = blocking.map((v) => v.symbol || v.token).join(', ');
  return {
    code: 'RISK_OVERRIDDEN',
    severity: 'critical',
    token: null,
    symbol: null,
    message: `Prepared because allow_risky is true, though ${names} cannot be sold`,
  };
}

/** A step that reverts when estimated: refused, unless the caller asked for a risky swap on purpose. */
function revertWarnings(gas: GasPlan[], allowRisky: boolean): TxWarningView[] {
  const reverting = gas.find((g) => g.revertReason !== null);
  if (!reverting) return [];
  if (!allowRisky) throw new WouldRevertError(reverting.revertReason!);
  return [
    {
      code: 'WILL_REVERT',
      severity: 'critical',
      token: null,
      symbol: null,
      message: `The simulation says the transaction reverts: ${reverting.revertReason}`,
    },
  ];
}
