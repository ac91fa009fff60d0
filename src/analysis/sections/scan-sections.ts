import type { Logger } from '@nestjs/common';
import type { Clock } from '../../common/clock';
import type { ContractAnalyzer } from '../contract/contract.analyzer';
import type { CreatorAnalyzer } from '../creator/creator.analyzer';
import type { HolderAnalyzer } from '../holders/holder.analyzer';
import type { LpLockAnalyzer } from '../market/lp-locks.analyzer';
import type { MarketAnalyzer } from '../market/market.analyzer';
import type { HolderSellChecker } from '../simulation/holder-sell.checker';
import type { TradeSimulator } from '../simulation/trade.simulator';
import type { SocialAnalyzer } from '../social/social.analyzer';
import type { SniperAnalyzer } from '../trading/sniper.analyzer';
import type { WashTradingAnalyzer } from '../trading/wash-trading.analyzer';
import { contractStep } from './contract.section';
import { creatorStep } from './creator.section';
import { holderIndexStep } from './holder-index.section';
import { holderSellsStep } from './holder-sells.section';
import { holdersStep } from './holders.section';
import { liquidityLocksStep } from './liquidity-locks.section';
import { marketStep } from './market.section';
import { poolsStep } from './pools.section';
import type { AnyStep } from './section';
import { securityStep } from './security.section';
import { simulationStep } from './simulation.section';
import { snipersStep } from './snipers.section';
import { socialStep } from './social.section';
import { washTradingStep } from './wash-trading.section';

export interface SectionAnalyzers {
  contracts: ContractAnalyzer;
  simulator: TradeSimulator;
  markets: MarketAnalyzer;
  holders: HolderAnalyzer;
  social: SocialAnalyzer;
  wash: WashTradingAnalyzer;
  snipers: SniperAnalyzer;
  creators: CreatorAnalyzer;
  holderSellChecker: HolderSellChecker;
  lpLocks: LpLockAnalyzer;
  clock: Clock;
  logger: Logger;
}

/**
 * Every step of a scan, each after the steps it needs: those that need nothing start in this order
 * (the round trip, then the contract engine, the holder index and the creator), the others as soon as
 * their needs are in.
 */
export function scanSections(a: SectionAnalyzers): AnyStep[] {
  return [
    poolsStep,
    simulationStep(a.simulator),
    contractStep(a.contracts),
    holderIndexStep(a.holders),
    creatorStep(a.creators, a.logger),
    securityStep,
    marketStep(a.markets),
    holdersStep(a.holders),
    washTradingStep(a.wash),
    snipersStep(a.snipers),
    socialStep(a.social),
    holderSellsStep({ holders: a.holders, checker: a.holderSellChecker, logger: a.logger }),
    liquidityLocksStep({ lpLocks: a.lpLocks, clock: a.clock, logger: a.logger }),
  ];
}
