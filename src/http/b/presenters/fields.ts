import { z } from 'zod';
import { CHAIN_KEYS } from '../../../config/app-config';
import { PLAN_NAMES } from '../../../accounts/plans/plan-catalog';
import { GRADES } from '../../../analysis/scoring/grades';
import type { RiskLevel } from '../../../analysis/scoring/risk';

/** Field schemas several of surface B's answers share. */

export const TOKEN_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const WALLET_ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

export const success = z.literal(true);

/** An ISO 8601 instant. */
export const instant = (example: string) => z.string().meta({ example });

export const address = (example: string = TOKEN_ADDRESS) => z.string().meta({ example });

export const chainKey = z.enum(CHAIN_KEYS).meta({ example: 'eth' });

export const planName = z.enum(PLAN_NAMES);

export const grade = z.enum(GRADES).meta({ example: 'A+' });

/** A score from 0 to 100 (a whole number). */
export const score = z.number().int().min(0).max(100).meta({ example: 95 });

/** Surface B's words for the one risk scale (analysis/scoring/risk.ts): the only place B turns a level into words. */
const RISK_B = {
  VERY_LOW: 'LOW',
  LOW: 'LOW',
  MEDIUM: 'MEDIUM',
  HIGH: 'HIGH',
  VERY_HIGH: 'CRITICAL',
} as const satisfies Record<RiskLevel, string>;
const RISK_WORDS_B = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const satisfies readonly (typeof RISK_B)[RiskLevel][];

export const riskB = (level: RiskLevel) => RISK_B[level];

export const overallRisk = z.enum(RISK_WORDS_B).meta({
  description:
    "The security component's risk: LOW for a security score ≥ 70, MEDIUM ≥ 60, HIGH ≥ 50, else CRITICAL; CRITICAL whenever a critical finding caps the score",
});

export const rugPullRisk = z.enum(RISK_WORDS_B).meta({
  description:
    'How easily those in control can take holders’ value, on the same words as overall_risk; CRITICAL whenever a critical finding caps the score',
});

export const honeypotVerdict = z
  .enum(['SAFE', 'HONEYPOT', 'CANNOT_SELL_ALL', 'UNKNOWN'])
  .meta({ description: 'UNKNOWN when no trade could be simulated' });

/** A tax as a decimal fraction in text (`0.05` = 5%); null when not measured. */
export const tax = (example: string) =>
  z
    .string()
    .nullable()
    .meta({ example, description: 'Decimal fraction (0.05 = 5%); null when no trade could be simulated' });

/** `300/minute`. */
export const rateLimit = z
  .string()
  .meta({ example: '300/minute', description: 'Requests per minute allowed to the key' });

export const count = (example: number) => z.number().int().min(0).meta({ example });
