import { Injectable, Logger } from '@nestjs/common';
import type { Feature, ServedReport } from '../../analysis/report/token-report';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import type { ChainKey } from '../../config/app-config';
import { PlatformRepository } from '../platform.repository';
import { parseAddress, TokenResolver } from './token-resolver';

export interface ResolvedReport {
  served: ServedReport;
  /** The symbol the caller asked by, when it was a symbol. */
  resolvedFrom: string | null;
}

/** How old a report each kind of question accepts, in seconds. */
export const CACHE_TTL = { contract: 300, token: 60, price: 15, whales: 60 } as const;

/** Reports for surface C: a path value (address or symbol) → the engine's one TokenReport. */
@Injectable()
export class PlatformAnalysisService {
  private readonly logger = new Logger(PlatformAnalysisService.name);

  constructor(
    private readonly analysis: TokenAnalysisService,
    private readonly resolver: TokenResolver,
    private readonly repository: PlatformRepository,
  ) {}

  async contract(chain: ChainKey, address: string): Promise<ServedReport> {
    const checked = parseAddress(address, 'address');
    const served = await this.analysis.scan({ chain, address: checked, features: ['security'], cacheTtl: CACHE_TTL.contract, resolvePairs: true });
    this.remember(served);
    return served;
  }

  /**
   * A report with `features` for an address or a symbol (`field` names the path parameter in errors);
   * with `resolvePairs`, a pasted DEX pair address is analysed as its token.
   */
  async report(input: { chain: ChainKey; token: string; field: string; features?: Feature[]; cacheTtl: number; resolvePairs?: boolean }): Promise<ResolvedReport> {
    const resolved = await this.resolver.resolve(input.chain, input.token, input.field);
    const served = await this.analysis.scan({ chain: input.chain, address: resolved.address, features: input.features, cacheTtl: input.cacheTtl, resolvePairs: input.resolvePairs });
    this.remember(served);
    return { served, resolvedFrom: resolved.symbol === null ? null : input.token };
  }

  /** Every token C analysed can later be asked for by symbol; a failed write only loses that. */
  private remember(served: ServedReport): void {
    const { chain, address, token } = served.report;
    if (!token.symbol) return;
    void this.repository
      .rememberToken({ chain, address, symbol: token.symbol, name: token.name })
      .catch((err: unknown) => this.logger.warn({ err }, 'Could not record an analysed token'));
  }
}
