import type { HolderAnalyzer } from '../holders/holder.analyzer';
import { needsHolders, type ScanStep } from './section';

/** The holder index, brought up to the head the token's reads gave: it needs only the address, so it starts at once. */
export const holderIndexStep = (holders: HolderAnalyzer): ScanStep<'holderIndex'> => ({
  name: 'holderIndex',
  role: { kind: 'part', of: 'holder_analysis' },
  needs: [],
  wanted: needsHolders,
  run: (_, { chain, address, info, handedOff }) => {
    const head = info.head ? { number: Number(info.head.number), timestamp: Number(info.head.timestamp) } : undefined;
    return holders.index(chain, address, head, handedOff);
  },
});
