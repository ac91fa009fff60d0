import { Injectable } from '@nestjs/common';
import { decodeFunctionData, erc20Abi, formatUnits, getAddress, hexToBigInt, type Address, type Hex } from 'viem';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import { ChainRegistry, type ChainContext } from '../../chain/chain-registry';
import { ChainUnavailableError, toChainError, withChainErrors } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import { parseAddress } from '../analyze/token-resolver';
import { readHoldings } from '../wallet/wallet-reads';
import {
  firstLine,
  revertDataOf,
  revertReason,
  simulateSequence,
  SimulateUnsupportedError,
  type SimLog,
} from './call-simulator';
import { warningsOf } from './token-risk';
import type {
  BalanceChangeView,
  SimulateTransactionRequest,
  SimulateTransactionResponse,
  TxWarningView,
} from './transaction.views';
import { ROUTER_SWAP_ABI, type TxCall } from './tx-encoding';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const MAX_ANALYSED = 6;
const REPORT_TTL = 300;

interface Outcome {
  success: boolean;
  revertReason: string | null;
  gasUsed: bigint | null;
  logs: SimLog[];
  nativeChange: bigint;
  method: 'eth_simulateV1' | 'eth_call';
  blockNumber: number | null;
}

/** Any transaction → would it succeed, what it costs, what it does to the sender's balances, and what we know of the tokens it touches. */
@Injectable()
export class TransactionSimulateService {
  constructor(
    private readonly chains: ChainRegistry,
    private readonly analysis: TokenAnalysisService,
  ) {}

  async simulate(dto: SimulateTransactionRequest): Promise<SimulateTransactionResponse> {
    const from = parseAddress(dto.from, 'from');
    const to = parseAddress(dto.to, 'to');
    const context = this.chains.get(dto.chain);
    const call: TxCall & { gas?: bigint } = {
      to,
      data: (dto.data ?? '0x') as Hex,
      value: BigInt(dto.value ?? '0'),
      gas: dto.gas ? BigInt(dto.gas) : undefined,
    };
    return withChainErrors(dto.chain, async () => {
      const outcome = await this.run(dto.chain, context, from, call);
      const deltas = tokenDeltas(outcome.logs, from);
      const touched = touchedTokens(context, call, outcome.logs);
      const [holdings, native, analysed] = await Promise.all([
        readHoldings(context.client, from, [...deltas.keys()] as Address[]),
        context.client.getBalance({ address: from }),
        this.warnings(dto.chain, touched),
      ]);
      const notTraced: TxWarningView[] =
        outcome.method === 'eth_call'
          ? [
              {
                code: 'NOT_TRACED',
                severity: 'info',
                token: null,
                symbol: null,
                message: 'The node has no eth_simulateV1: token balance changes were not traced',
              },
            ]
          : [];
      return {
        chain: dto.chain,
        chain_id: context.facts.chainId,
        from,
        to,
        success: outcome.success,
        revert_reason: outcome.revertReason,
        gas_used: outcome.gasUsed === null ? null : Number(outcome.gasUsed),
        balance_changes: [
          change({
            token: 'native',
            symbol: context.facts.nativeSymbol,
            decimals: 18,
            before: native,
            delta: outcome.nativeChange,
          }),
          ...holdings.map((h) =>
            change({
              token: h.token,
              symbol: h.symbol,
              decimals: h.decimals,
              before: h.balance,
              delta: deltas.get(h.token) ?? 0n,
            }),
          ),
        ],
        warnings: [...analysed.warnings, ...notTraced],
        tokens_analysed: analysed.tokens,
        method: outcome.method,
        block_number: outcome.blockNumber,
      };
    });
  }

  /** eth_simulateV1 when the node has it; else eth_call for the outcome and eth_estimateGas for the gas. */
  private async run(
    chain: ChainKey,
    context: ChainContext,
    from: Address,
    call: TxCall & { gas?: bigint },
  ): Promise<Outcome> {
    try {
      const r = await simulateSequence({
        chain,
        client: context.client,
        multicall3: context.facts.multicall3,
        from,
        calls: [call],
      });
      const c = r.calls[0];
      return {
        success: c.success,
        revertReason: c.revertReason,
        gasUsed: c.gasUsed,
        logs: c.logs,
        nativeChange: r.nativeAfter - r.nativeBefore,
        method: 'eth_simulateV1',
        blockNumber: r.blockNumber,
      };
    } catch (err) {
      if (!(err instanceof SimulateUnsupportedError)) throw err;
    }
    const request = { account: from, to: call.to, data: call.data, value: call.value, gas: call.gas };
    try {
      await context.client.call(request);
      const [gas, block] = await Promise.all([
        context.client.estimateGas(request).catch(() => null),
        context.client.getBlockNumber(),
      ]);
      return {
        success: true,
        revertReason: null,
        gasUsed: gas,
        logs: [],
        nativeChange: -call.value,
        method: 'eth_call',
        blockNumber: Number(block),
      };
    } catch (err) {
      const mapped = toChainError(err, chain);
      if (mapped instanceof ChainUnavailableError) throw mapped;
      return {
        success: false,
        revertReason: revertReason(revertDataOf(err), firstLine(err)),
        gasUsed: null,
        logs: [],
        nativeChange: 0n,
        method: 'eth_call',
        blockNumber: null,
      };
    }
  }

  /** Warnings of every touched token (security reports, cached up to 5 minutes); a token that cannot be analysed is skipped. */
  private async warnings(chain: ChainKey, tokens: Address[]): Promise<{ warnings: TxWarningView[]; tokens: string[] }> {
    const picked = tokens.slice(0, MAX_ANALYSED);
    const settled = await Promise.allSettled(
      picked.map((address) => this.analysis.scan({ chain, address, features: ['security'], cacheTtl: REPORT_TTL })),
    );
    const reports = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.report] : []));
    return { warnings: reports.flatMap(warningsOf), tokens: reports.map((r) => r.address) };
  }
}

/** Net raw change of each token for `owner`, from the Transfer logs (keys checksummed). */
export function tokenDeltas(logs: SimLog[], owner: Address): Map<string, bigint> {
  const own = owner.toLowerCase();
  const deltas = new Map<string, bigint>();
  for (const log of logs) {
    if (log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC || log.topics.length !== 3) continue;
    const fromAddr = `0x${log.topics[1].slice(26)}`.toLowerCase();
    const toAddr = `0x${log.topics[2].slice(26)}`.toLowerCase();
    const value = log.data === '0x' ? 0n : hexToBigInt(log.data);
    const token = getAddress(log.address);
    if (fromAddr === own) deltas.set(token, (deltas.get(token) ?? 0n) - value);
    if (toAddr === own) deltas.set(token, (deltas.get(token) ?? 0n) + value);
  }
  return deltas;
}

/**
 * Tokens the transaction touches: emitters of Transfer logs, the path of a V2 router swap, and the
 * target of an ERC-20 call (a reverted transaction has no logs, so the calldata must say). The
 * chain's quote tokens are left out: they are the reference, not a risk.
 */
export function touchedTokens(context: Pick<ChainContext, 'facts'>, call: TxCall, logs: SimLog[]): Address[] {
  const found: Address[] = logs
    .filter((l) => l.topics[0]?.toLowerCase() === TRANSFER_TOPIC)
    .map((l) => getAddress(l.address));
  found.push(...swapPath(call.data));
  if (isErc20Call(call.data)) found.push(call.to);
  const quotes = new Set(
    [context.facts.wrappedNative.address, ...context.facts.stablecoins.map((s) => s.address)].map((a) =>
      a.toLowerCase(),
    ),
  );
  const seen = new Set<string>();
  return found.filter((a) => {
    const key = a.toLowerCase();
    if (quotes.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function swapPath(data: Hex): Address[] {
  try {
    const decoded = decodeFunctionData({ abi: ROUTER_SWAP_ABI, data });
    const path = decoded.args.find((a) => Array.isArray(a)) as readonly Address[] | undefined;
    return path ? path.map((a) => getAddress(a)) : [];
  } catch {
    return [];
  }
}

function isErc20Call(data: Hex): boolean {
  try {
    const { functionName } = decodeFunctionData({ abi: erc20Abi, data });
    return ['transfer', 'transferFrom', 'approve'].includes(functionName);
  } catch {
    return false;
  }
}

function change(input: {
  token: string;
  symbol: string;
  decimals: number;
  before: bigint;
  delta: bigint;
}): BalanceChangeView {
  const { decimals, before, delta } = input;
  return {
    token: input.token,
    symbol: input.symbol,
    decimals,
    before: formatUnits(before, decimals),
    after: formatUnits(before + delta, decimals),
    change: formatUnits(delta, decimals),
    change_raw: delta.toString(),
  };
}
