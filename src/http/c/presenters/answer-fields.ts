import { z } from 'zod';
import type { HolderTag, WhaleActivityLabel } from '../../../analysis/holders/holders.types';
import type { LiquidityStatus } from '../../../analysis/market/market.types';
import { GRADES } from '../../../analysis/scoring/grades';
import type { RiskLevel } from '../../../analysis/scoring/risk';
import type { RiskFlag } from '../../../platform/wallet/wallet.views';
import { CHAIN_KEYS, type ChainKey } from '../../../config/app-config';
import { chainIdField } from '../../shared/openapi/api-schemas';

/*
 * Value sets and fields several of C's answers share. Each list `satisfies` the engine's type, and the
 * presenters assign the engine's values to it, so the compiler keeps the two equal.
 */

/**
 * Surface C's words for the one risk scale (analysis/scoring/risk.ts): the scale's own, which the type
 * pins, so a domain view that carries a RiskLevel (wallet, transaction) is already in C's words.
 */
const RISK_C = {
  VERY_LOW: 'VERY_LOW',
  LOW: 'LOW',
  MEDIUM: 'MEDIUM',
  HIGH: 'HIGH',
  VERY_HIGH: 'VERY_HIGH',
} as const satisfies { [L in RiskLevel]: L };
const LIQUIDITY_STATUSES = [
  'EXCELLENT',
  'GOOD',
  'MODERATE',
  'LOW',
  'VERY_LOW',
  'NONE',
  'UNKNOWN',
] as const satisfies readonly LiquidityStatus[];

const HOLDER_TAGS = ['pair', 'burn', 'zero', 'contract'] as const satisfies readonly HolderTag[];
const WHALE_ACTIVITY = ['LOW', 'MODERATE', 'HIGH', 'VERY_HIGH'] as const satisfies readonly WhaleActivityLabel[];
export const RISK_FLAGS = [
  'honeypot',
  'high_risk',
  'can_mint',
  'can_pause',
  'can_blacklist',
  'hidden_mint',
  'high_tax',
] as const satisfies readonly RiskFlag[];

export const riskLevel = z.enum(RISK_C);
export const riskC = (level: RiskLevel) => RISK_C[level];
export const grade = z.enum(GRADES);
export const holderTags = z.array(z.enum(HOLDER_TAGS)).meta({
  example: ['contract'],
  description: 'pair, burn and zero addresses are not counted in the shares; contract is informational',
});
export const whaleActivity = z
  .enum(WHALE_ACTIVITY)
  .meta({ example: 'MODERATE', description: 'From how many large holders moved in the last 24 h' });
export const liquidityStatus = z
  .enum(LIQUIDITY_STATUSES)
  .meta({ description: 'From the pools’ USD liquidity; UNKNOWN when no USD price of the quote exists' });

type FieldMeta = { description?: string; example?: string };
/** An EIP-55 (or, where the chain's logs give it, lower-case) address. */
export const addressField = (meta: FieldMeta = {}) =>
  z.string().meta({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9', ...meta });
/** An ISO 8601 time, UTC. */
export const timeField = (meta: FieldMeta = {}) => z.string().meta({ example: '2026-11-21T12:00:00.000Z', ...meta });

/** The chain an answer is about, by key and by id: the answer names both (issue 14). */
export const chainFields = {
  chain: z.enum(CHAIN_KEYS).meta({ example: 'eth' }),
  chain_id: chainIdField,
};

/**
 * A domain view that names its chain by key and by the id it is served as (the platform services set
 * both), with the two first. Their schemas `satisfies z.ZodType<View>` while the presenter returns the
 * schema's type: the compiler then checks the fields both ways (none sent undocumented, none
 * documented unsent).
 */
export function chainFirst<V extends { chain: ChainKey; chain_id: number }>(view: V): V {
  const { chain, chain_id, ...rest } = view;
  return { chain, chain_id, ...rest } as V;
}
