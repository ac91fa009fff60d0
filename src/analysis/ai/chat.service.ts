import { Injectable } from '@nestjs/common';
import { getAddress, type Address } from 'viem';
import { Clock } from '../../common/clock';
import type { ChainKey } from '../../config/app-config';
import type { LlmEngine, LlmMessage } from '../../providers/llm/llm-provider';
import { BUILT_IN_MODEL } from '../../providers/llm/built-in-llm.provider';
import { TokenAnalysisService } from '../token-analysis.service';
import { ConversationNotFoundError } from './ai.errors';
import { Analyst, GROUNDING_RULES, type WrittenText } from './analyst';
import { recogniseMessage, type ChatIntent } from './chat-intent';
import { writeChatAnswer } from './chat.writer';
import { ConversationRepository, type StoredConversation } from './conversation.repository';
import { reportFacts, type ReportFacts } from './report-facts';
import { AI_CACHE_TTL } from './research.service';

export interface ChatRequest {
  /** The caller's key: a conversation belongs to the key that started it. */
  keyId: string;
  message: string;
  contractAddress?: string;
  chain?: ChainKey;
  conversationId?: string;
}

export interface ChatToken {
  address: Address;
  chain: ChainKey;
  /** The id of the chain that answered (31337 for `eth` on the embedded devnet). */
  chainId: number;
  name: string;
  symbol: string;
  serviceScore: number;
  grade: string;
  honeypot: boolean | null;
}

export interface ChatAnswer {
  conversationId: string;
  answer: string;
  intent: ChatIntent;
  tokens: ChatToken[];
  engine: LlmEngine;
  model: string;
  fallbackReason?: string;
  messageCount: number;
  answeredAt: string;
}

/** Intents answered without any token (help) or that need one or two. */
const TOKENS_NEEDED: Record<ChatIntent, number> = {
  unknown: 0,
  compare: 2,
  safety: 1,
  taxes: 1,
  holders: 1,
  liquidity: 1,
  price: 1,
  overview: 1,
};

/**
 * Chat about tokens: recognises what is asked and about which token(s), answers from their live
 * analyses, and keeps the conversation so a follow-up without an address is about the same token.
 */
@Injectable()
export class ChatService {
  constructor(
    private readonly analysis: TokenAnalysisService,
    private readonly conversations: ConversationRepository,
    private readonly analyst: Analyst,
    private readonly clock: Clock,
  ) {}

  async ask(request: ChatRequest): Promise<ChatAnswer> {
    const askedAt = this.clock.now();
    const conversation = request.conversationId ? await this.conversation(request.conversationId, request.keyId) : null;
    const chain = request.chain ?? conversation?.chain ?? 'eth';
    const recognised = recogniseMessage(request.message);
    // An explicit contract_address with nothing recognisable is a question about that token.
    const intent: ChatIntent =
      recognised.intent === 'unknown' && request.contractAddress ? 'overview' : recognised.intent;
    const candidates = [
      ...recognised.addresses,
      ...(request.contractAddress ? [getAddress(request.contractAddress.toLowerCase())] : []),
      ...(conversation?.tokens ?? []).map((a) => getAddress(a)),
    ];
    const distinct = [...new Set(candidates)];
    // Too few tokens for the question: nothing is analysed, the answer asks for them.
    const addresses = distinct.length >= TOKENS_NEEDED[intent] ? distinct.slice(0, TOKENS_NEEDED[intent]) : [];
    const facts = await Promise.all(addresses.map((address) => this.facts(chain, address)));

    const written = await this.write({ intent, facts, message: request.message, conversation });
    const answeredAt = this.clock.now();
    const discussed = facts.map((f) => f.token.address);
    const saved = await this.conversations.append({
      conversationId: conversation?.id ?? null,
      keyId: request.keyId,
      chain,
      tokens: discussed,
      messages: [
        { role: 'user', content: request.message, intent: null, tokens: discussed, engine: null, createdAt: askedAt },
        {
          role: 'assistant',
          content: written.text,
          intent,
          tokens: discussed,
          engine: written.engine,
          createdAt: answeredAt,
        },
      ],
    });
    return {
      conversationId: saved.id,
      answer: written.text,
      intent,
      tokens: facts.map((f) => chatToken(f, chain)),
      engine: written.engine,
      model: written.model,
      fallbackReason: written.fallbackReason,
      messageCount: saved.messageCount,
      answeredAt: answeredAt.toISOString(),
    };
  }

  private async conversation(id: string, keyId: string): Promise<StoredConversation> {
    const found = await this.conversations.find(id, keyId);
    if (!found) throw new ConversationNotFoundError(id);
    return found;
  }

  private async facts(chain: ChainKey, address: Address): Promise<ReportFacts> {
    const { report } = await this.analysis.scan({ chain, address, cacheTtl: AI_CACHE_TTL });
    return reportFacts(report);
  }

  /** Help and "which token?" answers need no model: there are no facts for one to rest on. */
  private async write(input: {
    intent: ChatIntent;
    facts: ReportFacts[];
    message: string;
    conversation: StoredConversation | null;
  }): Promise<WrittenText> {
    const draft = writeChatAnswer(input.intent, input.facts);
    if (input.facts.length < TOKENS_NEEDED[input.intent] || input.intent === 'unknown') {
      return { text: draft, engine: 'built-in', model: BUILT_IN_MODEL };
    }
    const history: LlmMessage[] = (input.conversation?.recent ?? []).map((m) => ({ role: m.role, content: m.content }));
    return this.analyst.write({
      system: `${GROUNDING_RULES} The user's question is about: ${input.intent}. Answer it in a few sentences.\n\nFACTS:\n${JSON.stringify(input.facts)}`,
      messages: [...history, { role: 'user', content: input.message }],
      maxTokens: 500,
      draft,
    });
  }
}

function chatToken(f: ReportFacts, chain: ChainKey): ChatToken {
  return {
    address: f.token.address as Address,
    chain,
    chainId: f.token.chain_id,
    name: f.token.name,
    symbol: f.token.symbol,
    serviceScore: f.score.service_score,
    grade: f.score.grade,
    honeypot: f.security?.honeypot ?? null,
  };
}
