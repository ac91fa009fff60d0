import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { isAddress, isHex } from 'viem';
import type { Labels } from '../detection/evaluate';
import type { RowFailure, SourceRow } from './types';

/** A line of the corpus that is not a usable row: reported as a row failure at step `read`. */
export interface UnreadableRow {
  /** 1-based line number in the decompressed file; 0 when the whole file is unreadable. */
  line: number;
  address: string | null;
  failure: RowFailure;
}

export interface SourceCorpus {
  rows: SourceRow[];
  unreadable: UnreadableRow[];
}

/**
 * Reads a source corpus: gzip JSON lines of `{address, code, source, pragma, labels, label_source}`.
 * Nothing here throws on bad content: a file that is not gzip, a line that is not JSON or lacks a field
 * is an unreadable row with its reason, and the good rows go on. A row without source is kept: the
 * compile step reports it.
 */
export function readSourceCorpus(file: string): SourceCorpus {
  let text: string;
  try {
    text = gunzipSync(readFileSync(file)).toString('utf8');
  } catch (err) {
    const reason =
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? `no such file: ${file}`
        : `not a gzip file: ${(err as Error).message}`;
    return { rows: [], unreadable: [{ line: 0, address: null, failure: { step: 'read', reason } }] };
  }
  const rows: SourceRow[] = [];
  const unreadable: UnreadableRow[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((raw, i) => {
    if (!raw.trim()) return;
    const line = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      unreadable.push({ line, address: null, failure: { step: 'read', reason: `line ${line} is not JSON` } });
      return;
    }
    const parsed = toRow(value);
    if (typeof parsed === 'string') {
      const address =
        typeof (value as { address?: unknown })?.address === 'string' ? (value as { address: string }).address : null;
      unreadable.push({ line, address, failure: { step: 'read', reason: `line ${line}: ${parsed}` } });
      return;
    }
    const key = parsed.address.toLowerCase();
    if (seen.has(key)) {
      unreadable.push({
        line,
        address: parsed.address,
        failure: { step: 'read', reason: `line ${line}: ${parsed.address} appears twice` },
      });
      return;
    }
    seen.add(key);
    rows.push(parsed);
  });
  return { rows, unreadable };
}

const LABEL_VALUES = new Set([true, false, null]);

/** The row, or why it cannot be one. */
function toRow(value: unknown): SourceRow | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const v = value as Record<string, unknown>;
  if (typeof v.address !== 'string' || !isAddress(v.address, { strict: false })) return 'no address';
  if (typeof v.code !== 'string' || !isHex(v.code) || v.code.length <= 2) return 'no runtime code';
  const labels = v.labels as Partial<Labels> | undefined;
  if (typeof labels !== 'object' || labels === null) return 'no labels';
  for (const flag of ['mint', 'leak', 'limit'] as const) {
    if (!LABEL_VALUES.has(labels[flag] ?? null)) return `label ${flag} is not true, false or null`;
  }
  return {
    address: v.address,
    code: v.code,
    source: typeof v.source === 'string' ? v.source : '',
    pragma: typeof v.pragma === 'string' ? v.pragma : null,
    labels: { mint: labels.mint ?? null, leak: labels.leak ?? null, limit: labels.limit ?? null },
    label_source: typeof v.label_source === 'string' ? v.label_source : '',
    ...(Array.isArray(v.expected_kinds)
      ? { expected_kinds: v.expected_kinds.filter((k): k is string => typeof k === 'string') }
      : {}),
    ...(typeof v.name === 'string' ? { name: v.name } : {}),
  };
}
