import { needsMarket, type ScanStep } from './section';

/** Round one of the market (its pools and the head), already sent in the token reads' batch. */
export const poolsStep: ScanStep<'pools'> = {
  name: 'pools',
  role: { kind: 'part', of: 'market' },
  needs: [],
  wanted: needsMarket,
  run: (_, scan) => scan.discovery!,
};
