import { SentimentIntensityAnalyzer } from 'vader-sentiment';
import type { Sentiment, SentimentLabel } from './social.types';

/** VADER's own thresholds (Hutto & Gilbert 2014): |compound| < 0.05 reads as neutral. */
const POSITIVE_FROM = 0.05;
const NEGATIVE_FROM = -0.05;

/**
 * Crypto slang VADER's general social-media lexicon does not know ("rugged", "honeypot" score 0),
 * rewritten to lexicon words of about the same valence before scoring. Rewriting, rather than
 * adding a score on top, keeps VADER's rules (negation, boosters, capitals, "but") working on them.
 */
const SLANG: Array<[RegExp, string]> = [
  [/\b(can ?not|can't|unable to|could not|couldn't) sell\b/gi, 'trapped'],
  [/\bhoney ?pot(ted)?\b/gi, 'scam'],
  [/\brug ?pull(ed)?\b/gi, 'scam'],
  [/\brug(ged|s)?\b/gi, 'cheated'],
  [/\bscammed\b/gi, 'cheated'],
  [/\bcrash(ed|ing)?\b/gi, 'crash'],
  [/\bbullish\b/gi, 'confident'],
  [/\bbearish\b/gi, 'pessimistic'],
  [/\brevert(s|ed|ing)?\b/gi, 'fails'],
  [/\bmoon(ing)?\b/gi, 'win'],
  [/\bpump (and|&) dump\b/gi, 'fraud'],
  [/\bhidden mint\b/gi, 'fraud'],
  [/\bngmi\b/gi, 'doomed'],
  [/\bwagmi\b/gi, 'hopeful'],
];

/**
 * The JS port matches negations case-sensitively ("Not happy" scores positive), so negation words
 * are lower-cased; other words keep their case, which VADER reads as emphasis.
 */
const NEGATION = /\b(not|no|never|none|nothing|nowhere|neither|nor|cannot|without|dont|cant|wont|isnt)\b/gi;

function prepare(text: string): string {
  const plain = text.replace(/[\u2018\u2019]/g, "'");
  return SLANG.reduce((acc, [pattern, word]) => acc.replace(pattern, word), plain).replace(NEGATION, (word) =>
    word.toLowerCase(),
  );
}

export function labelOf(compound: number): SentimentLabel {
  if (compound >= POSITIVE_FROM) return 'POSITIVE';
  if (compound <= NEGATIVE_FROM) return 'NEGATIVE';
  return 'NEUTRAL';
}

/** Texts whose sentiment is kept: a token's posts come back on each of its scans, and VADER takes about 0.1 ms a post. */
export const SENTIMENT_MEMO_SIZE = 2_000;
const memo = new Map<string, Sentiment>();

/** Lexicon sentiment of one short social text (VADER, suited to posts: emphasis, slang, emoticons). */
export function sentimentOf(text: string): Sentiment {
  const known = memo.get(text);
  if (known) return { ...known };
  const compound = round(SentimentIntensityAnalyzer.polarity_scores(prepare(text)).compound);
  const sentiment = { compound, label: labelOf(compound) };
  // Oldest first out (a Map keeps insertion order).
  if (memo.size >= SENTIMENT_MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  memo.set(text, sentiment);
  return { ...sentiment };
}

export function round(value: number, digits = 4): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
