import { Injectable, Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { formatUnits, getAddress, type Address } from 'viem';
import { ChainRegistry } from '../chain/chain-registry';
import type { ChainKey } from '../config/app-config';
import { Clock } from '../common/clock';
import { MetricsService } from '../common/metrics/metrics.service';
import { SocialAnalyzer } from './social/social.analyzer';
import { UpstreamLimiter } from '../metering/upstream-limiter';
import { ContractAnalyzer } from './contract/contract.analyzer';
import { CreatorAnalyzer } from './creator/creator.analyzer';
import type { ContractAnalysis } from './contract/contract.types';
import { HolderAnalyzer } from './holders/holder.analyzer';
import { LpLockAnalyzer } from './market/lp-locks.analyzer';
import type { LpLockSection } from './market/lp-locks.types';
import { MarketAnalyzer } from './market/market.analyzer';
import type { MarketSection } from './market/market.types';
import { ReportCache } from './report/report-cache';
import { recordScan } from './report/scan-outcome';
import { SectionIncompleteError } from './report/section-failure';
import {
  ANALYSED_FEATURES,
  type Feature,
  type IncompleteSection,
  type ServedReport,
  type TokenReport,
} from './report/token-report';
import { scoreReport } from './scoring/scoring';
import { HolderSellChecker, withHolderSells } from './simulation/holder-sell.checker';
import { withSimulationEvasion } from './report/evasion';
import { explainHolderSells, explainRefusal } from './report/refusal';
import type { HolderSellCheck, SimulationSection } from './simulation/simulation.types';
import { runSections } from './sections/section-runner';
import { scanSections } from './sections/scan-sections';
import { needsMarket, type AnyStep, type StepOutputs } from './sections/section';
import { TradeSimulator } from './simulation/trade.simulator';
import { SniperAnalyzer } from './trading/sniper.analyzer';
import { WashTradingAnalyzer } from './trading/wash-trading.analyzer';
import { TokenInfoAnalyzer } from './token-info/token-info.analyzer';
import { PairResolver } from './token-info/pair-resolver';
import type { TokenInfo } from './token-info/token-info.types';

export interface ScanRequest {
  chain: ChainKey;
  address: string;
  /** Omitted: every section. */
  features?: Feature[];
  /** Seconds a cached report may be old; 0 = always analyse now. */
  cacheTtl: number;
  /** The caller's own social-data key (B's data_provider_api_key): used for this analysis only. */
  socialApiKey?: string;
  /**
   * Sections the caller cannot answer without (default: every requested one). A section whose
   * analysis failed unexpectedly is left out and listed in `incomplete`; if the caller needs it,
   * the scan is refused with 503 instead.
   */
  required?: readonly Feature[];
  /**
   * The address is what a user pasted: a DEX pair address is resolved to its token (the report
   * says so in `resolvedFrom`). Off for addresses read from the chain (a wallet's holdings), where
   * an LP token is what is held.
   */
  resolvePairs?: boolean;
  /** Told as each requested section is finished (or given up), for job progress; a shared analysis tells what it already did. */
  onProgress?: ProgressListener;
  /**
   * Milliseconds to wait for the whole report. Past it, the answer is what is finished once the
   * required sections are, the others listed in `pending` (the analysis goes on and is cached when done).
   */
  deadlineMs?: number;
  /**
   * Past the deadline, work a job can resume from a checkpoint (the holder index) stops here at its
   * next one and is left to the job that finishes the pending sections: a process without job
   * workers (PROCESS_ROLE=api) keeps its CPU for requests. Not while a scan without a deadline
   * waits for the same analysis.
   */
  handOff?: boolean;
}

export type SectionState = 'done' | 'failed';
export type ProgressListener = (section: Feature, state: SectionState) => void;

/** An analysis in flight, shared by concurrent scans of the token: its sections' states so far and who listens. */
interface Running {
  report: Promise<TokenReport>;
  settled: Map<Feature, SectionState>;
  listeners: Set<ProgressListener>;
  /** The report as far as it is finished (null before the token's own reads are in). */
  snapshot: (pending: Feature[]) => TokenReport | null;
  /** Scans waiting for the whole report (no deadline): while there are any, nothing is handed off. */
  waitingForAll: number;
  /** Stops the resumable work at its next checkpoint; later scans start an analysis of their own. */
  handOff: () => void;
}

/**
 * Runs the analyzers a request needs — in parallel where they do not depend on each other — and
 * builds the one TokenReport. Concurrent scans of one token share one analysis; finished reports are
 * cached.
 */
@Injectable()
export class TokenAnalysisService {
  private readonly logger = new Logger(TokenAnalysisService.name);
  private readonly inFlight = new Map<string, Running>();

  /** The steps of every scan, each with what it needs (see scanSections). */
  private readonly sections: AnyStep[];

  constructor(
    private readonly chains: ChainRegistry,
    private readonly tokenInfo: TokenInfoAnalyzer,
    private readonly pairs: PairResolver,
    private readonly contracts: ContractAnalyzer,
    simulator: TradeSimulator,
    private readonly markets: MarketAnalyzer,
    holders: HolderAnalyzer,
    private readonly cache: ReportCache,
    private readonly upstreams: UpstreamLimiter,
    social: SocialAnalyzer,
    wash: WashTradingAnalyzer,
    snipers: SniperAnalyzer,
    private readonly clock: Clock,
    creators: CreatorAnalyzer,
    holderSellChecker: HolderSellChecker,
    lpLocks: LpLockAnalyzer,
    private readonly metrics: MetricsService,
  ) {
    this.sections = scanSections({
      contracts: this.contracts,
      simulator,
      markets,
      holders,
      social,
      wash,
      snipers,
      creators,
      holderSellChecker,
      lpLocks,
      clock,
      logger: this.logger,
    });
  }

  async scan(request: ScanRequest): Promise<ServedReport> {
    const features = ANALYSED_FEATURES.filter((f) => !request.features || request.features.includes(f));
    try {
      const pasted = getAddress(request.address);
      const resolution = request.resolvePairs ? await this.pairs.resolve(request.chain, pasted) : null;
      const served = await this.scanToken(request, resolution?.token ?? pasted, features);
      return resolution ? { ...served, report: { ...served.report, resolvedFrom: resolution.resolvedFrom } } : served;
    } catch (error) {
      // An incomplete report was counted section by section when it came back.
      if (!(error instanceof SectionIncompleteError)) recordScan(this.metrics, features, { error });
      throw error;
    }
  }

  /** Keyed on the token, so a pair and its token share one analysis, in flight and in the cache. */
  private async scanToken(request: ScanRequest, address: Address, features: Feature[]): Promise<ServedReport> {
    const key = { chain: request.chain, address, features };
    if (request.cacheTtl > 0) {
      const cached = await this.cache.get(key, request.cacheTtl);
      if (cached) {
        recordScan(this.metrics, features, { cached: true, report: cached.report });
        return { report: cached.report, cacheStatus: 'CACHED', ageSeconds: cached.ageSeconds };
      }
    }
    const id = `${request.chain}:${address}:${features.join(',')}`;
    let running = this.inFlight.get(id);
    if (!running) {
      const settled = new Map<Feature, SectionState>();
      const listeners = new Set<ProgressListener>();
      const notify: ProgressListener = (section, state) => {
        settled.set(section, state);
        for (const listener of listeners) listener(section, state);
      };
      let snapshot: Running['snapshot'] = () => null;
      const stop = new AbortController();
      const report = this.analyze(
        request.chain,
        address,
        features,
        request.socialApiKey,
        notify,
        (fn) => (snapshot = fn),
        stop.signal,
      ).finally(() => {
        if (this.inFlight.get(id) === started) this.inFlight.delete(id);
      });
      const started: Running = {
        report,
        settled,
        listeners,
        snapshot: (pending) => snapshot(pending),
        waitingForAll: 0,
        handOff: () => {
          if (started.waitingForAll > 0) return;
          stop.abort();
          if (this.inFlight.get(id) === started) this.inFlight.delete(id);
        },
      };
      running = started;
      this.inFlight.set(id, running);
      void report.then((r) => (r.incomplete ? undefined : this.cache.put(key, r))).catch(() => undefined);
    }
    if (request.onProgress) {
      for (const [section, state] of running.settled) request.onProgress(section, state);
      running.listeners.add(request.onProgress);
    }
    const required = request.required ?? features;
    const { report, pending } =
      request.deadlineMs === undefined
        ? await this.whole(running)
        : await this.within(running, request.deadlineMs, required, features);
    if (pending.length > 0 && request.handOff) running.handOff();
    const missing = (report.incomplete ?? []).filter((s) => required.includes(s.section));
    // Sections past the deadline are counted by the job that finishes them.
    recordScan(
      this.metrics,
      features.filter((f) => !pending.includes(f)),
      { cached: false, report },
    );
    if (missing.length > 0) throw new SectionIncompleteError(missing);
    return { report, cacheStatus: 'FRESH', ageSeconds: 0, ...(pending.length > 0 ? { pending } : {}) };
  }

  private async whole(running: Running): Promise<{ report: TokenReport; pending: Feature[] }> {
    running.waitingForAll += 1;
    try {
      return { report: await running.report, pending: [] };
    } finally {
      running.waitingForAll -= 1;
    }
  }

  /**
   * The whole report if it is done within `deadlineMs`; else, once the required sections are (they are
   * waited for: no grade without its security section), the report as far as it is finished, the
   * sections still running listed as pending.
   */
  private async within(
    running: Running,
    deadlineMs: number,
    required: readonly Feature[],
    features: readonly Feature[],
  ): Promise<{ report: TokenReport; pending: Feature[] }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
    try {
      const first = await Promise.race([running.report, late]);
      if (first !== 'late') return { report: first, pending: [] };
    } finally {
      clearTimeout(timer);
    }
    const needed = required.filter((f) => features.includes(f));
    const ready = () => needed.every((f) => running.settled.has(f));
    if (!ready()) {
      await new Promise<void>((resolve, reject) => {
        const listener: ProgressListener = () => {
          if (!ready()) return;
          running.listeners.delete(listener);
          resolve();
        };
        running.listeners.add(listener);
        running.report.then(() => {
          running.listeners.delete(listener);
          resolve();
        }, reject);
      });
    }
    const pending = features.filter((f) => !running.settled.has(f));
    const report = pending.length > 0 ? running.snapshot(pending) : null;
    return report ? { report, pending } : { report: await running.report, pending: [] };
  }

  private async analyze(
    chain: ChainKey,
    address: Address,
    features: Feature[],
    socialApiKey: string | undefined,
    notify: ProgressListener,
    expose: (snapshot: Running['snapshot']) => void,
    handedOff: AbortSignal,
  ): Promise<TokenReport> {
    const started = performance.now();
    const context = this.chains.get(chain);
    // The first scan of a chain waits for its Multicall3 to be looked for (one eth_getCode, once).
    await this.chains.ready(chain);
    const wants = (f: Feature) => features.includes(f);
    await this.takeUpstreams(wants);
    // The market's first round (pools and head) needs only the address: it goes in the token reads' batch.
    const discovery = needsMarket(wants) ? this.markets.discover({ chain, address }) : undefined;
    discovery?.catch(() => undefined); // handed to the pools step; a failure is the market section's, not unhandled
    // So do the contract analysis's first reads (the proxy slots and code, the engine's first read).
    const contractPrefetch = wants('security') ? this.contracts.prefetch(chain, address) : undefined;
    const info = await this.tokenInfo.analyze({ chain, address });

    const incomplete: IncompleteSection[] = [];
    /** The steps' answers, as they arrive. */
    const parts: Partial<StepOutputs> = {};
    const run = runSections({
      steps: this.sections.filter((step) => step.wanted(wants)),
      scan: { chain, address, info, socialApiKey, discovery, contractPrefetch, handedOff },
      incomplete,
      logger: this.logger,
      settled: (step, outcome) => {
        parts[step.name] = outcome.ok ? (outcome.value as never) : undefined;
        // The market and holder reads serve other sections too: their progress is told only when they are asked for.
        if (step.role.kind === 'section' && wants(step.role.feature))
          notify(step.role.feature, outcome.ok ? 'done' : 'failed');
      },
    });
    /** The report from the parts in: all of them at the end, or, past a deadline, those finished (`pending` left out). */
    const build = (pending: Feature[]): TokenReport => {
      const { security, market, holders, social, washTrading, snipers, creator, holderSells, liquidityLocks } = parts;
      // The market and holder reads serve other sections too; they are only listed when asked for.
      const listed = incomplete.filter((s) => wants(s.section));
      const sections = {
        security: security
          ? securityOf(
              withSimulationEvasion(security.contract, security.simulation),
              security.simulation,
              holderSells ?? null,
              liquidityLocks ?? null,
            )
          : undefined,
        market: wants('market') && !pending.includes('market') ? market : undefined,
        holders: wants('holder_analysis') && !pending.includes('holder_analysis') ? holders : undefined,
        washTrading,
        snipers,
      };
      return {
        chain,
        chainId: context.facts.chainId,
        chainName: context.facts.name,
        servedByDevnet: context.servedByDevnet,
        address,
        token: {
          name: info.name,
          symbol: info.symbol,
          decimals: info.decimals,
          totalSupply: info.totalSupply.toString(),
          owner: info.owner,
        },
        ...(creator ? { creator } : {}),
        features,
        ...sections,
        ...(social ? { social } : {}),
        ...(listed.length > 0 ? { incomplete: listed } : {}),
        scores: scoreReport(sections),
        description: describe(info, context.facts.name, security?.contract, sections.market),
        generatedAt: this.clock.now().toISOString(),
        analysisMs: Math.round(performance.now() - started),
      };
    };
    expose(build);
    await run.finished;
    return build([]);
  }

  /**
   * Every upstream this analysis will use gives a token from its bucket first; a saturated one
   * refuses the scan at once (429 naming it) instead of letting a queue grow.
   */
  private async takeUpstreams(wants: (f: Feature) => boolean): Promise<void> {
    if (wants('security')) {
      await this.upstreams.take('audit_provider');
      await this.upstreams.take('scanner_provider');
    }
    if (wants('market')) await this.upstreams.take('market_data');
    if (wants('holder_analysis')) await this.upstreams.take('market_data');
    if (wants('link_analysis')) await this.upstreams.take('social_data');
    if (wants('wash_trading')) await this.upstreams.take('market_data');
    if (wants('sniper_analysis')) await this.upstreams.take('market_data');
  }
}

/** From the verified source's own comments when there are some; otherwise facts read on chain. */
function describe(
  info: TokenInfo,
  chainName: string,
  contract?: ContractAnalysis,
  market?: MarketSection,
): TokenReport['description'] {
  const comments = contract?.verification.comments?.replace(/\s+/g, ' ').trim();
  if (comments && comments.length >= 20) {
    return {
      text: comments.length > 400 ? `${comments.slice(0, 397)}…` : comments,
      confidence: 0.8,
      source: 'verified_source',
    };
  }
  const supply = Number(formatUnits(info.totalSupply, info.decimals)).toLocaleString('en-US', {
    maximumFractionDigits: 0,
  });
  const parts = [
    `${info.name || 'This token'} (${info.symbol || '?'}) is an ERC-20 token on ${chainName} with a total supply of ${supply}.`,
  ];
  if (contract)
    parts.push(contract.verification.verified ? 'Its source code is verified.' : 'Its source code is not verified.');
  if (market?.tradingPairs.length) parts.push(`It trades in ${market.tradingPairs.length} DEX pair(s).`);
  return { text: parts.join(' '), confidence: 0.3, source: 'on_chain_facts' };
}

/** The security section: the contract with its findings, and the refusals explained by them. */
function securityOf(
  contract: ContractAnalysis,
  simulation: SimulationSection,
  holderSells: HolderSellCheck | null,
  liquidityLocks: LpLockSection | null,
): NonNullable<TokenReport['security']> {
  return {
    contract,
    simulation: explainRefusal(withHolderSells(simulation, holderSells ?? undefined), contract.findings),
    holderSells: explainHolderSells(holderSells, contract.findings),
    liquidityLocks,
  };
}
