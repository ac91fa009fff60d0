import { Injectable } from '@nestjs/common';
import type { Address } from 'viem';
import { Analyst, GROUNDING_RULES } from '../../analysis/ai/analyst';
import { ChatService } from '../../analysis/ai/chat.service';
import type { TokenReport } from '../../analysis/report/token-report';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { ChainRegistry } from '../../chain/chain-registry';
import { Clock } from '../../common/clock';
import { TokenResolver } from '../analyze/token-resolver';
import { WalletAnalysisService } from '../wallet/wallet-analysis.service';
import type { AiInsightsRequest, AiInsightsResponse, AiQueryRequest, AiQueryResponse } from './ai.views';
import { writeInsights } from './insights.writer';
import { portfolioInsights } from './portfolio-insights';
import { mentionedTokens, withAddresses } from './question-tokens';

/** The same features and age the wallet analysis asks for, so these reads are its cached reports. */
const HOLDING_FEATURES = ['security', 'market'] as const;
const HOLDING_TTL = 300;
const MAX_HOLDINGS = 20;

/** Surface C's AI: questions through the chat (live analyses), and a wallet's portfolio and market conditions. */
@Injectable()
export class PlatformAiService {
  constructor(
    private readonly chat: ChatService,
    private readonly analyst: Analyst,
    private readonly wallets: WalletAnalysisService,
    private readonly analysis: TokenAnalysisService,
    private readonly resolver: TokenResolver,
    private readonly chains: ChainRegistry,
    private readonly clock: Clock,
  ) {}

  async query(key: ApiKeyRecord, dto: AiQueryRequest): Promise<AiQueryResponse> {
    const mentioned = mentionedTokens(dto.question, this.resolver.listed(dto.chain));
    const answer = await this.chat.ask({
      keyId: key.id,
      message: withAddresses(dto.question, mentioned),
      chain: dto.chain,
      conversationId: dto.conversation_id,
    });
    return {
      chain: dto.chain,
      chain_id: this.chains.identity(dto.chain).chainId,
      question: dto.question,
      answer: answer.answer,
      intent: answer.intent,
      tokens: answer.tokens.map((t) => ({
        address: t.address,
        name: t.name,
        symbol: t.symbol,
        service_score: t.serviceScore,
        grade: t.grade,
        honeypot: t.honeypot,
      })),
      resolved_symbols: mentioned,
      engine: answer.engine,
      model: answer.model,
      ...(answer.fallbackReason ? { fallback_reason: answer.fallbackReason } : {}),
      conversation_id: answer.conversationId,
      message_count: answer.messageCount,
      answered_at: answer.answeredAt,
    };
  }

  async insights(dto: AiInsightsRequest): Promise<AiInsightsResponse> {
    const wallet = await this.wallets.analyze(dto.chain, dto.wallet);
    const wrapped = this.chains.get(dto.chain).facts.wrappedNative.address;
    const held = wallet.tokens.slice(0, MAX_HOLDINGS).map((t) => t.address as Address);
    const reports = await this.reports(dto.chain, [wrapped, ...held]);
    const insights = portfolioInsights({ wallet, reports, nativeReport: reports.get(wrapped.toLowerCase()) });
    const draft = writeInsights({ wallet: wallet.address, valueUsd: wallet.portfolio_value_usd, insights });
    const written = await this.analyst.write({
      system: `${GROUNDING_RULES} Summarise this wallet's portfolio and the market conditions of what it holds in a short paragraph: concentration, risky tokens, liquidity, recent moves.\n\nFACTS:\n${JSON.stringify({ wallet: wallet.address, portfolio_value_usd: wallet.portfolio_value_usd, ...insights })}`,
      messages: [{ role: 'user', content: 'Give me insights on this wallet.' }],
      maxTokens: 500,
      draft,
    });
    return {
      chain: dto.chain,
      chain_id: wallet.chain_id,
      wallet: wallet.address,
      portfolio_value_usd: wallet.portfolio_value_usd,
      ...insights,
      summary: written.text,
      engine: written.engine,
      model: written.model,
      ...(written.fallbackReason ? { fallback_reason: written.fallbackReason } : {}),
      analysed_at: this.clock.now().toISOString(),
    };
  }

  private async reports(chain: AiInsightsRequest['chain'], tokens: Address[]): Promise<Map<string, TokenReport>> {
    const settled = await Promise.allSettled(
      tokens.map((address) =>
        this.analysis.scan({ chain, address, features: [...HOLDING_FEATURES], cacheTtl: HOLDING_TTL }),
      ),
    );
    const out = new Map<string, TokenReport>();
    settled.forEach((s, i) => s.status === 'fulfilled' && out.set(tokens[i].toLowerCase(), s.value.report));
    return out;
  }
}
