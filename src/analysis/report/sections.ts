import type { ContractAnalysis } from '../contract/contract.types';
import type { HolderSection } from '../holders/holders.types';
import type { MarketSection } from '../market/market.types';
import type { LpLockSection } from '../market/lp-locks.types';
import type { HolderSellCheck, SimulationSection } from '../simulation/simulation.types';
import type { SniperSection, WashTradingSection } from '../trading/trading.types';

/** The security section: what the bytecode allows and what a simulated round trip did. */
export interface SecuritySection {
  contract: ContractAnalysis;
  /** Its verdict includes the holders' sells: holders who cannot sell make a honeypot. */
  simulation: SimulationSection;
  /**
   * Real holders' sells (the holders are indexed for it whatever the features); null when the
   * check could not run. Absent on reports stored before it existed.
   */
  holderSells?: HolderSellCheck | null;
  /** Who holds the pools' LP tokens (burned, locked, owner, others); null when it could not be read. Absent on older reports. */
  liquidityLocks?: LpLockSection | null;
}

/** The report sections the score is computed from (each present only when analysed). */
export interface ScoredSections {
  security?: SecuritySection;
  market?: MarketSection;
  holders?: HolderSection;
  washTrading?: WashTradingSection;
  snipers?: SniperSection;
}
