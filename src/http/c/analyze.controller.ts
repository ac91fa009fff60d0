import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AmbiguousSymbolEnvelope, ChainQuery, ContractAnalysisResponse, TokenAnalysisResponse } from './dto/analyze.dto';
import { PlatformRoute } from './platform-access.guard';
import { ApiTokenLookupErrors } from './token-lookup-errors';
import { presentContract, presentToken } from './presenters/analyze.presenter';
import { CACHE_TTL, PlatformAnalysisService } from '../../platform/analyze/platform-analysis.service';

/** Surface C: contract and token analysis. */
@ApiTags('C: analyze')
@ApiTokenLookupErrors('NOT_FOUND: no token at the address, or no known token with the symbol')
@Controller('analyze')
export class AnalyzeController {
  constructor(private readonly analysis: PlatformAnalysisService) {}

  @Get('contract/:address')
  @PlatformRoute('analyze/contract')
  @ApiOperation({ summary: 'Contract security: score, the functions found with their risk, overall risk (Free tier)' })
  @ApiParam({ name: 'address', example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' })
  @ApiOkResponse({ type: ContractAnalysisResponse })
  async contract(@Param('address') address: string, @Query() query: ChainQuery): Promise<ContractAnalysisResponse> {
    return presentContract(await this.analysis.contract(query.chain, address));
  }

  @Get('token/:address_or_symbol')
  @PlatformRoute('analyze/token')
  @ApiOperation({
    summary: 'Token: price, liquidity, holders, security (Free tier)',
    description:
      "A symbol resolves through the chain's token list (wrapped native, stablecoins, configured tokens) and the tokens already analysed here; a symbol that names several tokens answers 409 AMBIGUOUS_SYMBOL with the candidates.",
  })
  @ApiParam({ name: 'address_or_symbol', example: 'CLEAN' })
  @ApiOkResponse({ type: TokenAnalysisResponse })
  @ApiConflictResponse({ type: AmbiguousSymbolEnvelope, description: 'AMBIGUOUS_SYMBOL: the symbol names several tokens (candidates in details)' })
  async token(@Param('address_or_symbol') token: string, @Query() query: ChainQuery): Promise<TokenAnalysisResponse> {
    const { served, resolvedFrom } = await this.analysis.report({ chain: query.chain, token, field: 'address_or_symbol', cacheTtl: CACHE_TTL.token });
    return presentToken(served, resolvedFrom);
  }
}
