import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ChainQuery } from './dto/analyze.dto';
import { PlatformRoute } from './platform-access.guard';
import { ApiAmbiguousSymbol, ApiTokenLookupErrors } from './token-lookup-errors';
import { ContractAnalysisC, presentContract, presentToken, TokenAnalysisC } from './presenters/analyze.presenter';
import { ApiResult } from '../shared/openapi/api-schemas';
import { CACHE_TTL, PlatformAnalysisService } from '../../platform/analyze/platform-analysis.service';

/** Surface C: contract and token analysis. */
@ApiTags('C: analyze')
@ApiTokenLookupErrors('NOT_FOUND: no token at the address, or no known token with the symbol')
@Controller('analyze')
export class AnalyzeController {
  constructor(private readonly analysis: PlatformAnalysisService) {}

  @Get('contract/:address')
  @PlatformRoute('analyze/contract')
  @ApiOperation({ operationId: 'analyzeContract', summary: 'Contract security: score, the functions found with their risk, overall risk (Free tier)' })
  @ApiParam({ name: 'address', example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' })
  @ApiResult(ContractAnalysisC)
  async contract(@Param('address') address: string, @Query() query: ChainQuery): Promise<ContractAnalysisC> {
    return presentContract(await this.analysis.contract(query.chain, address));
  }

  @Get('token/:address_or_symbol')
  @PlatformRoute('analyze/token')
  @ApiOperation({
    operationId: 'getTokenOverview',
    summary: 'Token: price, liquidity, holders, security (Free tier)',
    description:
      "A symbol resolves through the chain's token list (wrapped native, stablecoins, configured tokens) and the tokens already analysed here; a symbol that names several tokens answers 409 AMBIGUOUS_SYMBOL with the candidates.",
  })
  @ApiParam({ name: 'address_or_symbol', example: 'CLEAN' })
  @ApiResult(TokenAnalysisC)
  @ApiAmbiguousSymbol()
  async token(@Param('address_or_symbol') token: string, @Query() query: ChainQuery): Promise<TokenAnalysisC> {
    const { served, resolvedFrom } = await this.analysis.report({ chain: query.chain, token, field: 'address_or_symbol', cacheTtl: CACHE_TTL.token, resolvePairs: true });
    return presentToken(served, resolvedFrom);
  }
}
