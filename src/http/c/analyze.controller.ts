import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import type { HttpReply } from '../shared/auth/request-context';
import { ApiHeader, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { ScanJobService } from '../../jobs/scan-jobs.service';
import { PlatformAnalysisService, type PlannedScan } from '../../platform/analyze/platform-analysis.service';
import { CurrentKey } from '../shared/auth/authenticated.decorator';
import { wantsJob } from '../shared/dto/async.dto';
import { ApiResultOr } from '../shared/openapi/api-schemas';
import { acceptJob, JOB_ACCEPTED } from '../shared/presenters/job-accepted';
import { AnalyzeQuery } from './dto/analyze.dto';
import { PlatformRoute } from './platform-access.guard';
import { ApiAmbiguousSymbol, ApiTokenLookupErrors } from './token-lookup-errors';
import { ContractAnalysisC, presentContract, presentToken, TokenAnalysisC } from './presenters/analyze.presenter';
import { type AnalyzeEndpointC, presentScanJobC, ScanJobC } from './presenters/job.presenter';

const ASYNC =
  'With `Prefer: respond-async` or a `callback_url` query parameter (the finished job is POSTed there, signed; see GET /v1/webhooks): a job at once (202, Location: its status URL, GET /v1/jobs/{id}) whose result is this same answer. The address or symbol is checked and resolved before the 202, so a bad or ambiguous one is refused at once. One daily call either way.';
const PREFER = {
  name: 'Prefer',
  required: false,
  description: '`respond-async`: answer 202 with a job instead of waiting for the analysis',
  example: 'respond-async',
};

/** Surface C: contract and token analysis. */
@ApiTags('C: analyze')
@ApiTokenLookupErrors('NOT_FOUND: no token at the address, or no known token with the symbol')
@Controller('analyze')
export class AnalyzeController {
  constructor(
    private readonly analysis: PlatformAnalysisService,
    private readonly jobs: ScanJobService,
  ) {}

  @Get('contract/:address')
  @PlatformRoute('analyze/contract')
  @ApiOperation({
    operationId: 'analyzeContract',
    summary: 'Contract security: score, the functions found with their risk, overall risk (Free tier)',
    description: ASYNC,
  })
  @ApiParam({ name: 'address', example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' })
  @ApiHeader(PREFER)
  @ApiResultOr(ContractAnalysisC, {
    schema: ScanJobC,
    ...JOB_ACCEPTED,
    description:
      'Accepted as a job (asked with Prefer: respond-async or a callback_url): its status, with status_url and events_url',
  })
  async contract(
    @Param('address') address: string,
    @Query() query: AnalyzeQuery,
    @CurrentKey() key: ApiKeyRecord,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<ContractAnalysisC | ScanJobC> {
    if (wantsJob(query, prefer))
      return this.submit({
        key,
        scan: this.analysis.contractScan(query.chain, address),
        endpoint: 'contract',
        callbackUrl: query.callback_url,
        res,
      });
    return presentContract(await this.analysis.contract(query.chain, address));
  }

  @Get('token/:address_or_symbol')
  @PlatformRoute('analyze/token')
  @ApiOperation({
    operationId: 'getTokenOverview',
    summary: 'Token: price, liquidity, holders, security (Free tier)',
    description: `A symbol resolves through the chain's token list (wrapped native, stablecoins, configured tokens) and the tokens already analysed here; a symbol that names several tokens answers 409 AMBIGUOUS_SYMBOL with the candidates. ${ASYNC}`,
  })
  @ApiParam({ name: 'address_or_symbol', example: 'CLEAN' })
  @ApiHeader(PREFER)
  @ApiResultOr(TokenAnalysisC, {
    schema: ScanJobC,
    ...JOB_ACCEPTED,
    description:
      'Accepted as a job (asked with Prefer: respond-async or a callback_url): its status, with status_url and events_url',
  })
  @ApiAmbiguousSymbol()
  async token(
    @Param('address_or_symbol') token: string,
    @Query() query: AnalyzeQuery,
    @CurrentKey() key: ApiKeyRecord,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<TokenAnalysisC | ScanJobC> {
    if (wantsJob(query, prefer)) {
      const { scan, resolvedFrom } = await this.analysis.tokenScan(query.chain, token);
      return this.submit({ key, scan, endpoint: 'token', resolvedFrom, callbackUrl: query.callback_url, res });
    }
    const { served, resolvedFrom } = await this.analysis.token(query.chain, token);
    return presentToken(served, resolvedFrom);
  }

  /** The planned scan as a job (202), presented by C's job presenter. */
  private async submit(p: {
    key: ApiKeyRecord;
    scan: PlannedScan;
    endpoint: AnalyzeEndpointC;
    resolvedFrom?: string | null;
    callbackUrl?: string;
    res: HttpReply;
  }): Promise<ScanJobC> {
    const presentation = { endpoint: p.endpoint, resolvedFrom: p.resolvedFrom ?? null };
    const job = await this.jobs.submit({
      keyId: p.key.id,
      surface: 'C',
      request: { ...p.scan, presentation },
      callbackUrl: p.callbackUrl,
    });
    const accepted = presentScanJobC(job);
    return acceptJob(p.res, accepted, accepted.status_url);
  }
}
