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
import { CreatorAnalyzer, UNKNOWN_CREATION } from './creator/creator.analyzer';
import type { CreatorSection } from './creator/creator.types';
import type { ContractAnalysis } from './contract/contract.types';
import { HolderAnalyzer } from './holders/holder.analyzer';
import { LpLockAnalyzer, summarizeLpShares } from './market/lp-locks.analyzer';
import type { LpLockSection } from './market/lp-locks.types';
import { MarketAnalyzer } from './market/market.analyzer';
import { sortedTokens, type Discovery } from './market/pair-discovery';
import type { MarketSection } from './market/market.types';
import { ReportCache } from './report/report-cache';
import { recordScan } from './report/scan-outcome';
import { SectionHandedOffError, SectionIncompleteError, sectionFailure } from './report/section-failure';
import { ANALYSED_FEATURES, type Feature, type IncompleteSection, type ServedReport, type TokenReport } from './report/token-report';
import { scoreReport } from './scoring/scoring';
import { HolderSellChecker, LARGEST_HOLDERS, NEWEST_HOLDERS, pickHolders, withHolderSells } from './simulation/holder-sell.checker';
import { withSimulationEvasion } from './report/evasion';
import { explainHolderSells, explainRefusal } from './report/refusal';
import type { HolderSellCheck, SimulationSection } from './simulation/simulation.types';
import type { HolderSection } from './holders/holders.types';
import type { SocialSection } from './social/social.types';
import type { SniperSection, WashTradingSection } from './trading/trading.types';
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

/** Sections a report is built from: the analyzers' answers, as they arrive. */
interface Parts {
  sec?: [ContractAnalysis, SimulationSection];
  mkt?: MarketSection;
  hld?: HolderSection;
  soc?: SocialSection;
  wsh?: WashTradingSection;
  snp?: SniperSection;
  crt?: CreatorSection;
  hsc?: HolderSellCheck | null;
  lpl?: LpLockSection | null;
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

  constructor(
    private readonly chains: ChainRegistry,
    private readonly tokenInfo: TokenInfoAnalyzer,
    private readonly pairs: PairResolver,
    private readonly contracts: ContractAnalyzer,
    private readonly simulator: TradeSimulator,
    private readonly markets: MarketAnalyzer,
    private readonly holders: HolderAnalyzer,
    private readonly cache: ReportCache,
    private readonly upstreams: UpstreamLimiter,
    private readonly social: SocialAnalyzer,
    private readonly wash: WashTradingAnalyzer,
    private readonly snipers: SniperAnalyzer,
    private readonly clock: Clock,
    private readonly creators: CreatorAnalyzer,
    private readonly holderSellChecker: HolderSellChecker,
    private readonly lpLockAnalyzer: LpLockAnalyzer,
    private readonly metrics: MetricsService,
  ) {}

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
      const report = this.analyze(request.chain, address, features, request.socialApiKey, notify, (fn) => (snapshot = fn), stop.signal).finally(() => {
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
    const { report, pending } = request.deadlineMs === undefined ? await this.whole(running) : await this.within(running, request.deadlineMs, required, features);
    if (pending.length > 0 && request.handOff) running.handOff();
    const missing = (report.incomplete ?? []).filter((s) => required.includes(s.section));
    // Sections past the deadline are counted by the job that finishes them.
    recordScan(this.metrics, features.filter((f) => !pending.includes(f)), { cached: false, report });
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
  private async within(running: Running, deadlineMs: number, required: readonly Feature[], features: readonly Feature[]): Promise<{ report: TokenReport; pending: Feature[] }> {
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
    // The security verdict needs the holders too (real holders' sells), whether or not their section is shown.
    const needsHolders = wants('holder_analysis') || wants('security');
    const needsMarket = wants('market') || needsHolders || wants('wash_trading') || wants('sniper_analysis');
    // The market's first round (pools and head) needs only the address: it goes in the token reads' batch.
    const discovery = needsMarket ? this.markets.discover({ chain, address }) : undefined;
    discovery?.catch(() => undefined); // awaited below; a failure is the market section's, not unhandled
    const info = await this.tokenInfo.analyze({ chain, address });

    const incomplete: IncompleteSection[] = [];
    /** Resolves to undefined (and notes the section incomplete) when its analysis fails unexpectedly. */
    const guard = <T>(section: Feature, work: Promise<T>): Promise<T | undefined> =>
      work.catch((err: unknown) => {
        const outcome = sectionFailure(chain, section, err);
        if ('rethrow' in outcome) throw outcome.rethrow;
        if (outcome.incomplete.reference) this.logger.error({ err, chain, address, section, reference: outcome.incomplete.reference }, `Section ${section} failed; served as incomplete`);
        incomplete.push(outcome.incomplete);
        return undefined;
      });
    /** A section built on another one's result is incomplete when that one is. */
    const after = <A, T>(section: Feature, base: Promise<A | undefined>, baseName: Feature, fn: (a: A) => Promise<T>): Promise<T | undefined> =>
      base.then((a) => {
        if (a !== undefined) return guard(section, fn(a));
        if (!incomplete.some((s) => s.section === section)) incomplete.push({ section, reason: `needs the ${baseName} section, which could not be finished` });
        return undefined;
      });

    const simulation = wants('security') ? this.simulator.simulate({ chain, address, head: info.head }) : undefined;
    const security = simulation ? guard('security', Promise.all([this.contracts.analyze({ chain, address, tokenInfo: info }), simulation])) : undefined;
    const market = needsMarket
      ? guard('market', this.markets.analyze({ chain, address, decimals: info.decimals, totalSupply: info.totalSupply, symbol: info.symbol }, discovery))
      : undefined;
    /** A section that needs only the pools (round one of the market) is incomplete when they could not be read. */
    const pooled = <T>(section: Feature, fn: (d: Discovery) => Promise<T>): Promise<T | undefined> =>
      after(section, discovery!.then((d) => d, () => undefined), 'market', fn);
    // The index needs only the address and the head the token's reads gave: it starts now.
    const head = info.head ? { number: Number(info.head.number), timestamp: Number(info.head.timestamp) } : undefined;
    const indexed = needsHolders ? this.holders.index(chain, address, head, handedOff) : undefined;
    indexed?.catch(() => undefined); // awaited below; a failure is the holder section's, not unhandled
    const holders = needsHolders
      ? pooled('holder_analysis', (d) =>
          this.holders.analyze({ chain, address, totalSupply: info.totalSupply, decimals: info.decimals, pairs: d.pairs.map((p) => p.address), indexed }),
        )
      : undefined;
    const tradingRequest = (d: Discovery) => ({
      chain,
      address,
      pairs: d.pairs.map((p) => ({ address: p.address, quoteAddress: p.quote.address, quoteSymbol: p.quote.symbol, dex: p.dex })),
      decimals: info.decimals,
      totalSupply: info.totalSupply,
      latestBlock: d.latest.number,
    });
    const wash = wants('wash_trading') ? pooled('wash_trading', (d) => this.wash.analyze(tradingRequest(d))) : undefined;
    const snipers = wants('sniper_analysis') ? pooled('sniper_analysis', (d) => this.snipers.analyze(tradingRequest(d))) : undefined;
    // Links found in the verified source's comments count too, so social waits for the contract analysis.
    const social = wants('link_analysis')
      ? (security ?? Promise.resolve(undefined)).then((s) =>
          guard(
            'link_analysis',
            this.social.analyze({ chain, address, symbol: info.symbol, name: info.name, apiKey: socialApiKey, sourceComments: s?.[0].verification.comments }),
          ),
        )
      : undefined;
    const creator = this.creator(chain, address, info.totalSupply);
    const holderSells = simulation && indexed ? this.holderSells(chain, address, simulation, indexed, discovery!) : undefined;
    const lpLocks = security ? this.lpLocks({ chain, info, discovery: discovery!, market: market!, creator }) : undefined;
    const track = (section: Feature, work: Promise<unknown> | undefined) =>
      work?.then((v) => notify(section, v === undefined ? 'failed' : 'done'), () => notify(section, 'failed'));
    const parts: Parts = {};
    const keep = <K extends keyof Parts>(key: K, work: Promise<Parts[K] | undefined> | undefined) => work?.then((v) => void (parts[key] = v), () => undefined);
    keep('sec', security);
    keep('mkt', market);
    keep('hld', holders);
    keep('soc', social);
    keep('wsh', wash);
    keep('snp', snipers);
    keep('crt', creator);
    keep('hsc', holderSells);
    keep('lpl', lpLocks);
    /** The report from the parts in: all of them at the end, or, past a deadline, those finished (`pending` left out). */
    const build = (pending: Feature[]): TokenReport => {
      const { sec, mkt, hld, soc, wsh, snp, crt, hsc, lpl } = parts;
      // The market and holder reads serve other sections too; they are only listed when asked for.
      const listed = incomplete.filter((s) => wants(s.section));
      const sections = {
        security: sec ? securityOf(withSimulationEvasion(sec[0], sec[1]), sec[1], hsc ?? null, lpl ?? null) : undefined,
        market: wants('market') && !pending.includes('market') ? mkt : undefined,
        holders: wants('holder_analysis') && !pending.includes('holder_analysis') ? hld : undefined,
        washTrading: wsh,
        snipers: snp,
      };
      return {
        chain,
        chainName: context.facts.name,
        servedByDevnet: context.servedByDevnet,
        address,
        token: { name: info.name, symbol: info.symbol, decimals: info.decimals, totalSupply: info.totalSupply.toString(), owner: info.owner },
        ...(crt ? { creator: crt } : {}),
        features,
        ...sections,
        ...(soc ? { social: soc } : {}),
        ...(listed.length > 0 ? { incomplete: listed } : {}),
        scores: scoreReport(sections),
        description: describe(info, context.facts.name, sec?.[0], sections.market),
        generatedAt: this.clock.now().toISOString(),
        analysisMs: Math.round(performance.now() - started),
      };
    };
    expose(build);
    track('security', security);
    if (wants('market')) track('market', market);
    if (wants('holder_analysis')) track('holder_analysis', holders);
    track('link_analysis', social);
    track('wash_trading', wash);
    track('sniper_analysis', snipers);
    const [sec, mkt, hld, soc, wsh, snp, crt, hsc, lpl] = await Promise.all([security, market, holders, social, wash, snipers, creator, holderSells, lpLocks]);
    Object.assign(parts, { sec, mkt, hld, soc, wsh, snp, crt, hsc, lpl });
    return build([]);
  }

  /**
   * Real holders' sells, once the holders are indexed, the pools known and today's round trip done:
   * the largest and the newest holders, pools and burn addresses left out. Whatever goes wrong, the
   * scan goes on without them (null), never failing the security section.
   */
  private async holderSells(
    chain: ChainKey,
    address: Address,
    simulation: Promise<SimulationSection>,
    indexed: Promise<unknown>,
    discovery: Promise<Discovery>,
  ): Promise<HolderSellCheck | null> {
    try {
      // Only today's round trip is needed (not the contract analysis), so the sells go out a round sooner.
      const [now, , d] = await Promise.all([simulation, indexed, discovery]);
      const sample = await this.holders.holderSample(chain, address, LARGEST_HOLDERS + NEWEST_HOLDERS);
      const excluded = [address, ...sample.notHolders, ...d.pairs.map((p) => p.address), ...now.evidence.pools.map((p) => p.pair)];
      const candidates = pickHolders({ largest: sample.largest, newest: sample.newest, excluded });
      return await this.holderSellChecker.check({ chain, address, candidates, now });
    } catch (err) {
      if (!(err instanceof SectionHandedOffError)) this.logger.warn({ err, chain, address }, "Holders' sells could not be checked; served without them");
      return null;
    }
  }

  /** Who holds the pools' LP tokens, once the pools and the creator are known; null when it cannot be read. */
  private async lpLocks(params: {
    chain: ChainKey;
    info: TokenInfo;
    discovery: Promise<Discovery>;
    market: Promise<MarketSection | undefined>;
    creator: Promise<CreatorSection>;
  }): Promise<LpLockSection | null> {
    const { chain, info } = params;
    try {
      const [d, c] = await Promise.all([params.discovery, params.creator]);
      // V2 and Solidly liquidity is an LP token; V3 liquidity is positions, read from the pools' Mint and Burn logs.
      const pool = (p: Discovery['pairs'][number]) => ({ address: p.address, dex: p.dex });
      const tokens = d.pairs.filter((p) => p.kind !== 'v3').map(pool);
      const positions = d.pairs.filter((p) => p.kind === 'v3').map((p) => ({ ...pool(p), ...sortedTokens(info.address, p.quote.address), fee: p.feeTier ?? 0 }));
      const now = info.head ? Number(info.head.timestamp) : Math.floor(this.clock.now().getTime() / 1000);
      const base = { chain, owner: info.owner, creator: c.address, now };
      const [lp, v3] = await Promise.all([
        this.lpLockAnalyzer.read({ ...base, pairs: tokens }),
        this.lpLockAnalyzer.readV3({ ...base, pairs: positions, latest: d.latest.number }),
      ]);
      const shares = [...lp.shares, ...v3];
      const m = await params.market;
      const usd = shares.map((s) => m?.tradingPairs.find((t) => t.address === s.pool)?.liquidityUsd ?? null);
      return summarizeLpShares(shares, usd, lp.counted);
    } catch (err) {
      this.logger.warn({ err, chain, address: info.address }, 'LP holders could not be read; served without them');
      return null;
    }
  }

  /** Runs beside the sections; whatever goes wrong, the scan goes on with the creator unknown. */
  private creator(chain: ChainKey, address: Address, totalSupply: bigint): Promise<CreatorSection> {
    return this.creators.analyze({ chain, address, totalSupply }).catch((err: unknown) => {
      this.logger.error({ err, chain, address }, 'Creator lookup failed; served as unknown');
      return { ...UNKNOWN_CREATION, balanceSharePercent: null, otherTokens: [] };
    });
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
function describe(info: TokenInfo, chainName: string, contract?: ContractAnalysis, market?: MarketSection): TokenReport['description'] {
  const comments = contract?.verification.comments?.replace(/\s+/g, ' ').trim();
  if (comments && comments.length >= 20) {
    return { text: comments.length > 400 ? `${comments.slice(0, 397)}…` : comments, confidence: 0.8, source: 'verified_source' };
  }
  const supply = Number(formatUnits(info.totalSupply, info.decimals)).toLocaleString('en-US', { maximumFractionDigits: 0 });
  const parts = [`${info.name || 'This token'} (${info.symbol || '?'}) is an ERC-20 token on ${chainName} with a total supply of ${supply}.`];
  if (contract) parts.push(contract.verification.verified ? 'Its source code is verified.' : 'Its source code is not verified.');
  if (market?.tradingPairs.length) parts.push(`It trades in ${market.tradingPairs.length} DEX pair(s).`);
  return { text: parts.join(' '), confidence: 0.3, source: 'on_chain_facts' };
}

/** The security section: the contract with its findings, and the refusals explained by them. */
function securityOf(contract: ContractAnalysis, simulation: SimulationSection, holderSells: HolderSellCheck | null, liquidityLocks: LpLockSection | null): NonNullable<TokenReport['security']> {
  return {
    contract,
    simulation: explainRefusal(withHolderSells(simulation, holderSells ?? undefined), contract.findings),
    holderSells: explainHolderSells(holderSells, contract.findings),
    liquidityLocks,
  };
}
