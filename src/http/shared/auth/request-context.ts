import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyRecord } from '../../../accounts/api-key.repository';
import type { MeterTicket } from '../../../metering/metering.service';

/**
 * The Node request under Fastify's: what the middlewares (request logger, request guard) see. The
 * request logger reads the key's prefix from it, so the guard puts the key on both.
 */
export interface RawRequest extends IncomingMessage {
  /** The URL as received (Nest's middleware layer keeps it while middlewares rewrite `url`). */
  originalUrl?: string;
  apiKey?: ApiKeyRecord;
  startedAt?: number;
  /** The JSON body body-parser read (AppModule's middleware), handed on to Fastify's request. */
  body?: unknown;
}

/** What the guards attach to a request. */
export interface AuthedRequest extends FastifyRequest {
  raw: RawRequest;
  apiKey?: ApiKeyRecord;
  /** What metering took for this call (quota, rate budgets, a concurrency slot), and how to give it back. */
  meter?: MeterTicket;
  /** Wallet proven by a Sign-In with Ethereum message (lowercase). */
  provenWallet?: string;
}

export type HttpReply = FastifyReply;

/** A request's path, without its query string (the one the client sent, whatever a middleware rewrote). */
export function pathOf(req: { originalUrl?: string; url?: string }): string {
  return (req.originalUrl ?? req.url ?? '/').split('?')[0];
}

/** One request header as a string (the first, when sent more than once). */
export function headerOf(req: { headers: IncomingMessage['headers'] }, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
