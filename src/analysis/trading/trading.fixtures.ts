import type { FundingLink } from './funding-links';
import type { Trade } from './trade-extraction';

/** Test factories for the trading specs (not used by the analyzers). */
let counter = 0;

export const wallet = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;

export function trade(overrides: Partial<Trade> & Pick<Trade, 'wallet' | 'side'>): Trade {
  counter++;
  return { amount: 1_000n, block: 100, logIndex: counter, tx: `0xtx${counter}`, pair: wallet(999), ...overrides };
}

export function link(funder: string, block = 10): FundingLink {
  return { funder, block, value: 10n ** 18n };
}

/** Trades in chain order, as the analyzers see them. */
export function chronological(trades: Trade[]): Trade[] {
  return [...trades].sort((a, b) => a.block - b.block || a.logIndex - b.logIndex);
}
