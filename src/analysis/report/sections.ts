import type { ContractAnalysis } from '../contract/contract.types';
import type { HolderSection } from '../holders/holders.types';
import type { MarketSection } from '../market/market.types';
import type { SimulationSection } from '../simulation/simulation.types';
import type { SniperSection, WashTradingSection } from '../trading/trading.types';

/** The security section: what the bytecode allows and what a simulated round trip did. */
export interface SecuritySection {
  contract: ContractAnalysis;
  simulation: SimulationSection;
}

/** The report sections the score is computed from (each present only when analysed). */
export interface ScoredSections {
  security?: SecuritySection;
  market?: MarketSection;
  holders?: HolderSection;
  washTrading?: WashTradingSection;
  snipers?: SniperSection;
}
