import { z } from 'zod';

/** Field shapes surface A's response schemas share. */

export const EXAMPLE_TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const EXAMPLE_WALLET = '0x70997970C51812dc3A010C7d01b50e720d17dc79';

/** An EVM address the service read or derived (checksummed). */
export const address = (example: string = EXAMPLE_TOKEN) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .meta({ example });

/** An ISO 8601 instant, as `Date.toISOString()` writes it. */
export const isoTime = () => z.iso.datetime({ offset: true }).meta({ example: '2026-11-21T12:00:00.000Z' });

export const count = () => z.number().int().min(0);

/** A 0–100 score (higher is safer). */
export const score = () => z.number().int().min(0).max(100);

export const CACHE_STATUSES = ['FRESH', 'CACHED'] as const;

/** Severities as surface A writes them: the engine's, upper-case. */
export const SEVERITIES_A = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;

/** Who answered an AI endpoint: the configured model, or the built-in analyst. */
export const ENGINES = ['built-in', 'llm'] as const;

/** `value.toUpperCase()`, keeping its literal type (so the result can be checked against an enum). */
export const upper = <S extends string>(value: S): Uppercase<S> => value.toUpperCase() as Uppercase<S>;
