import type { Address } from 'viem';
import type { ChainKey } from '../../config/app-config';
import type { ContractAnalysis, ContractPrefetch } from '../contract/contract.types';
import type { CreatorSection } from '../creator/creator.types';
import type { HolderSection, IndexOutcome } from '../holders/holders.types';
import type { LpLockSection } from '../market/lp-locks.types';
import type { Discovery } from '../market/pair-discovery';
import type { MarketSection } from '../market/market.types';
import type { Feature } from '../report/token-report';
import type { HolderSellCheck, SimulationSection } from '../simulation/simulation.types';
import type { SocialSection } from '../social/social.types';
import type { TokenInfo } from '../token-info/token-info.types';
import type { SniperSection, WashTradingSection } from '../trading/trading.types';

/** What each step of a scan answers, by its name. */
export interface StepOutputs {
  pools: Discovery;
  simulation: SimulationSection;
  contract: ContractAnalysis;
  security: { contract: ContractAnalysis; simulation: SimulationSection };
  market: MarketSection;
  holderIndex: IndexOutcome;
  holders: HolderSection;
  washTrading: WashTradingSection;
  snipers: SniperSection;
  social: SocialSection;
  creator: CreatorSection;
  holderSells: HolderSellCheck | null;
  liquidityLocks: LpLockSection | null;
}
export type StepName = keyof StepOutputs;

/** One analysis: the token, its own reads (done before any step starts) and what the request brought. */
export interface ScanContext {
  chain: ChainKey;
  address: Address;
  info: TokenInfo;
  socialApiKey: string | undefined;
  /** Round one of the market, sent in the token reads' batch (it needs only the address): the pools step hands it on. */
  discovery: Promise<Discovery> | undefined;
  /** The contract analysis's first reads, sent in the token reads' batch too (security scans only). */
  contractPrefetch?: ContractPrefetch;
  /** Aborted when the resumable work (the holder index) is left to a job at its next checkpoint. */
  handedOff: AbortSignal;
}

export type Wants = (feature: Feature) => boolean;

/**
 * What a failure means, by the step's role:
 * - `part`: a piece of the report section `of`, read early or beside the rest (the pools are the
 *   market's round one); its failure is that section's failure, and the others' missing need.
 * - `section`: a report section; a failure leaves it out and lists it in `incomplete` (a failure that
 *   means more, a node down, fails the scan). A section whose need from another section failed is
 *   incomplete too, naming that section; a failure of one of its own parts is its own failure.
 * - `aside`: runs beside the sections and never fails the scan: whatever failed, its needs or itself,
 *   `recover` answers instead.
 */
export type StepRole<T> =
  | { kind: 'part'; of: Feature }
  | { kind: 'section'; feature: Feature }
  | { kind: 'aside'; recover: (err: unknown, scan: ScanContext) => T };

/** One step of a scan: started by the runner as soon as every step it `needs` (and `uses`) has finished. */
export interface ScanStep<
  N extends StepName = StepName,
  R extends StepName = never,
  O extends StepName = never,
  L extends StepName = never,
> {
  name: N;
  role: StepRole<StepOutputs[N]>;
  /** Steps it cannot start without. */
  needs: readonly R[];
  /** Steps it waits for and does without when they failed or are not run (handed over as undefined). */
  uses?: readonly O[];
  /**
   * Steps it reads only once it has done other work, handed over as promises so that work runs beside
   * them: undefined when they failed or are not run; a failure that fails the scan rejects.
   */
  later?: readonly L[];
  /** Whether the request's features call for it. */
  wanted: (wants: Wants) => boolean;
  run: (
    inputs: { [K in R]: StepOutputs[K] } & { [K in O]?: StepOutputs[K] } & {
      [K in L]: Promise<StepOutputs[K] | undefined>;
    },
    scan: ScanContext,
  ) => Promise<StepOutputs[N]>;
}

/**
 * A step of any name and needs, as the runner holds them: what every ScanStep is, seen from outside.
 * The runner hands each step the inputs its own needs named, so `run` takes them unchecked here.
 */
export interface AnyStep {
  name: StepName;
  role: StepRole<unknown>;
  needs: readonly StepName[];
  uses?: readonly StepName[];
  later?: readonly StepName[];
  wanted: (wants: Wants) => boolean;
  run: (inputs: never, scan: ScanContext) => Promise<unknown>;
}

/** The security verdict needs the holders too (real holders' sells), whether or not their section is shown. */
export function needsHolders(wants: Wants): boolean {
  return wants('holder_analysis') || wants('security');
}

/** The pools serve the market, the holders (pairs left out of the shares) and the trading sections. */
export function needsMarket(wants: Wants): boolean {
  return wants('market') || needsHolders(wants) || wants('wash_trading') || wants('sniper_analysis');
}
