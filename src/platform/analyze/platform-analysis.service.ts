import { Injectable, Logger } from '@nestjs/common';
import type { Feature, ServedReport } from '../../analysis/report/token-report';
import { TokenAnalysisService, type ScanRequest } from '../../analysis/token-analysis.service';
import type { ChainKey } from '../../config/app-config';
import { PlatformRepository } from '../platform.repository';
import { parseAddress, TokenResolver } from './token-resolver';

export interface ResolvedReport {
  served: ServedReport;
  /** The symbol the caller asked by, when it was a symbol. */
  resolvedFrom: string | null;
}

/** A scan decided now (a symbol resolved to its address), to run now or later as a job. */
export type PlannedScan = Pick<ScanRequest, 'chain' | 'address' | 'features' | 'cacheTtl'> & { resolvePairs: boolean };

export interface PlannedReport {
  scan: PlannedScan;
  /** The symbol the caller asked by, when it was a symbol. */
  resolvedFrom: string | null;
}

/** How old a report each kind of question accepts, in seconds. */
export const CACHE_TTL = { contract: 300, token: 60, price: 15, whales: 60 } as const;

interface ReportInput {
  chain: ChainKey;
  token: string;
  field: string;
  features?: Feature[];
  cacheTtl: number;
  resolvePairs?: boolean;
}

/** Reports for surface C: a path value (address or symbol) → the engine's one TokenReport. */
@Injectable()
export class PlatformAnalysisService {
  private readonly logger = new Logger(PlatformAnalysisService.name);

  constructor(
    private readonly analysis: TokenAnalysisService,
    private readonly resolver: TokenResolver,
    private readonly repository: PlatformRepository,
  ) {}

  /** GET /v1/analyze/contract's scan: the address checked now (INVALID_ADDRESS naming `address`). */
  contractScan(chain: ChainKey, address: string): PlannedScan {
    return {
      chain,
      address: parseAddress(address, 'address'),
      features: ['security'],
      cacheTtl: CACHE_TTL.contract,
      resolvePairs: true,
    };
  }

  async contract(chain: ChainKey, address: string): Promise<ServedReport> {
    return this.run(this.contractScan(chain, address));
  }

  /** GET /v1/analyze/token's scan, its symbol resolved now (a job then scans a concrete address). */
  tokenScan(chain: ChainKey, token: string): Promise<PlannedReport> {
    return this.plan({ chain, token, field: 'address_or_symbol', cacheTtl: CACHE_TTL.token, resolvePairs: true });
  }

  async token(chain: ChainKey, token: string): Promise<ResolvedReport> {
    const { scan, resolvedFrom } = await this.tokenScan(chain, token);
    return { served: await this.run(scan), resolvedFrom };
  }

  /**
   * A report with `features` for an address or a symbol (`field` names the path parameter in errors);
   * with `resolvePairs`, a pasted DEX pair address is analysed as its token.
   */
  async report(input: ReportInput): Promise<ResolvedReport> {
    const { scan, resolvedFrom } = await this.plan(input);
    return { served: await this.run(scan), resolvedFrom };
  }

  /** What `report` scans: the address or symbol resolved (errors name `field`). */
  async plan(input: ReportInput): Promise<PlannedReport> {
    const resolved = await this.resolver.resolve(input.chain, input.token, input.field);
    return {
      scan: {
        chain: input.chain,
        address: resolved.address,
        features: input.features,
        cacheTtl: input.cacheTtl,
        resolvePairs: input.resolvePairs === true,
      },
      resolvedFrom: resolved.symbol === null ? null : input.token,
    };
  }

  /**
   * Runs a planned scan here and now. A job of C runs the same scan on a worker, which does not
   * record the token for later symbol look-ups: only this path does.
   */
  private async run(scan: PlannedScan): Promise<ServedReport> {
    const served = await this.analysis.scan(scan);
    this.remember(served);
    return served;
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
