import { Injectable } from '@nestjs/common';
import type { ChainKey } from '../../config/app-config';
import { PrismaService } from '../../prisma/prisma.service';

export interface StoredMessage {
  role: 'user' | 'assistant';
  content: string;
  intent: string | null;
  tokens: string[];
  engine: string | null;
  createdAt: Date;
}

export interface StoredConversation {
  id: string;
  keyId: string;
  chain: ChainKey;
  tokens: string[];
  /** The latest messages, oldest first. */
  recent: StoredMessage[];
  messageCount: number;
}

export interface AppendExchange {
  /** null: start a new conversation. */
  conversationId: string | null;
  keyId: string;
  chain: ChainKey;
  /** Addresses the exchange was about; kept as the conversation's current tokens when not empty. */
  tokens: string[];
  messages: StoredMessage[];
}

const RECENT = 10;

/** The only door to conversations and conversation_messages. */
@Injectable()
export class ConversationRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A conversation of this key; another key's conversation is as unknown as a missing one. */
  async find(id: string, keyId: string): Promise<StoredConversation | null> {
    const row = await this.prisma.conversation.findFirst({
      where: { id, keyId },
      include: { messages: { orderBy: { id: 'desc' }, take: RECENT }, _count: { select: { messages: true } } },
    });
    if (!row) return null;
    return {
      id: row.id,
      keyId: row.keyId,
      chain: row.chain as ChainKey,
      tokens: asStrings(row.tokens),
      recent: row.messages.reverse().map((m) => ({
        role: m.role as StoredMessage['role'],
        content: m.content,
        intent: m.intent,
        tokens: asStrings(m.tokens),
        engine: m.engine,
        createdAt: m.createdAt,
      })),
      messageCount: row._count.messages,
    };
  }

  /** Stores one question and its answer, creating the conversation when needed; returns its id. */
  async append(exchange: AppendExchange): Promise<{ id: string; messageCount: number }> {
    const at = exchange.messages[exchange.messages.length - 1]?.createdAt ?? new Date();
    return this.prisma.$transaction(async (tx) => {
      const data = {
        chain: exchange.chain,
        updatedAt: at,
        ...(exchange.tokens.length ? { tokens: exchange.tokens } : {}),
      };
      const conversation = exchange.conversationId
        ? await tx.conversation.update({ where: { id: exchange.conversationId }, data, select: { id: true } })
        : await tx.conversation.create({
            data: {
              ...data,
              keyId: exchange.keyId,
              tokens: exchange.tokens,
              createdAt: exchange.messages[0]?.createdAt ?? at,
            },
            select: { id: true },
          });
      await tx.conversationMessage.createMany({
        data: exchange.messages.map((m) => ({
          conversationId: conversation.id,
          role: m.role,
          content: m.content,
          intent: m.intent,
          tokens: m.tokens,
          engine: m.engine,
          createdAt: m.createdAt,
        })),
      });
      const messageCount = await tx.conversationMessage.count({ where: { conversationId: conversation.id } });
      return { id: conversation.id, messageCount };
    });
  }
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
