import { z } from 'zod';
import type { AlertRecord, WatchRecord } from '../../../watches/watch.repository';
import type { Verdict, VerdictChange } from '../../../watches/verdict';

/** A watch and its alerts, the fields every surface shows (each in its own envelope). */
const VerdictFields = z.object({
  grade: z.string(),
  score: z.number(),
  risk: z.string(),
  trading: z.enum(['open', 'closed', 'unknown']),
  is_honeypot: z.boolean(),
  findings: z.array(z.string()).describe('Owner powers found, as `kind status signature`'),
  in_use: z.array(z.string()).describe('Powers in effect now (those that closed trading, while it is closed)'),
});

const Moved = <T extends z.ZodType>(t: T) => z.object({ before: t, after: t }).optional();

const ChangeFields = z.object({
  grade: Moved(z.string()),
  score: Moved(z.number()),
  risk: Moved(z.string()),
  trading: Moved(z.enum(['open', 'closed', 'unknown'])),
  is_honeypot: Moved(z.boolean()),
  findings_added: z.array(z.string()),
  findings_removed: z.array(z.string()),
  now_in_use: z.array(z.string()),
  no_longer_in_use: z.array(z.string()),
});

export const WatchFields = z.object({
  id: z.string(),
  contract_address: z.string(),
  chain: z.string(),
  chain_id: z.number(),
  callback_url: z.string().nullable(),
  verdict: VerdictFields.describe('The verdict of the last scan, what the next alert compares against'),
  created_at: z.string(),
  checked_at: z.string(),
});

export const AlertFields = z.object({
  id: z.string().describe('Increasing: read on with ?after=<the last id>'),
  watch_id: z.string(),
  contract_address: z.string(),
  chain: z.string(),
  block: z.number(),
  transaction: z.string().nullable(),
  cause: z.string().describe('What in the block made the watcher scan the token again'),
  before: VerdictFields,
  after: VerdictFields,
  change: ChangeFields,
  created_at: z.string(),
});

export type AlertFieldsOut = z.output<typeof AlertFields>;
export type WatchFieldsOut = z.output<typeof WatchFields>;

const verdictA = (v: Verdict): z.output<typeof VerdictFields> => ({
  grade: v.grade,
  score: v.score,
  risk: v.risk,
  trading: v.trading,
  is_honeypot: v.honeypot,
  findings: v.findings,
  in_use: v.inUse,
});

const changeA = (c: VerdictChange): z.output<typeof ChangeFields> => ({
  ...(c.grade ? { grade: c.grade } : {}),
  ...(c.score ? { score: c.score } : {}),
  ...(c.risk ? { risk: c.risk } : {}),
  ...(c.trading ? { trading: c.trading } : {}),
  ...(c.honeypot ? { is_honeypot: c.honeypot } : {}),
  findings_added: c.findingsAdded,
  findings_removed: c.findingsRemoved,
  now_in_use: c.nowInUse,
  no_longer_in_use: c.noLongerInUse,
});

export function watchFields(w: WatchRecord, chainId: number): WatchFieldsOut {
  return {
    id: w.id,
    contract_address: w.address,
    chain: w.chain,
    chain_id: chainId,
    callback_url: w.callbackUrl,
    verdict: verdictA(w.verdict),
    created_at: w.createdAt.toISOString(),
    checked_at: w.checkedAt.toISOString(),
  };
}

export function alertFields(a: AlertRecord): AlertFieldsOut {
  return {
    id: a.id.toString(),
    watch_id: a.watchId,
    contract_address: a.address,
    chain: a.chain,
    block: Number(a.block),
    transaction: a.txHash,
    cause: a.cause,
    before: verdictA(a.before),
    after: verdictA(a.after),
    change: changeA(a.change),
    created_at: a.createdAt.toISOString(),
  };
}
