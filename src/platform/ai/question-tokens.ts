import { getAddress, type Address } from 'viem';

export interface KnownSymbol {
  symbol: string;
  address: string;
}

export interface MentionedToken {
  symbol: string;
  address: Address;
}

const ADDRESS = /0x[0-9a-fA-F]{40}/;

/**
 * Tokens a question names by symbol: a listed symbol written in capitals (`CLEAN`) or after `$` in any
 * case (`$clean`). Lower-case words are left alone, so "is it clean?" names nothing. Symbols listed
 * twice (ambiguous) are left out rather than guessed.
 */
export function mentionedTokens(question: string, known: KnownSymbol[]): MentionedToken[] {
  const bySymbol = new Map<string, KnownSymbol[]>();
  for (const k of known) bySymbol.set(k.symbol.toUpperCase(), [...(bySymbol.get(k.symbol.toUpperCase()) ?? []), k]);
  const found = new Map<string, MentionedToken>();
  for (const match of question.matchAll(/(\$?)([A-Za-z][A-Za-z0-9.]{1,15})\b/g)) {
    const [, dollar, word] = match;
    if (!dollar && word !== word.toUpperCase()) continue;
    const entries = bySymbol.get(word.toUpperCase());
    if (entries?.length !== 1 || found.has(word.toUpperCase())) continue;
    found.set(word.toUpperCase(), { symbol: entries[0].symbol, address: getAddress(entries[0].address) });
  }
  return [...found.values()];
}

/**
 * The question with each mentioned symbol followed by its address, which is how the chat recognises
 * tokens. A question that already carries an address is returned unchanged.
 */
export function withAddresses(question: string, mentioned: MentionedToken[]): string {
  if (mentioned.length === 0 || ADDRESS.test(question)) return question;
  let text = question;
  for (const m of mentioned) {
    const escaped = m.symbol.toUpperCase().replace(/\./g, '\\.');
    const dollar = new RegExp(`\\$${escaped}\\b`, 'i');
    const capitals = new RegExp(`\\b${escaped}\\b`);
    text = text.replace(dollar.test(text) ? dollar : capitals, (hit) => `${hit} (${m.address})`);
  }
  return text;
}
