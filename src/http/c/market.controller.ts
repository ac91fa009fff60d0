import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AmbiguousSymbolEnvelope, ChainQuery } from './dto/analyze.dto';
import { PriceResponse, WhalesResponse } from './dto/market.dto';
import { PlatformRoute } from './platform-access.guard';
import { ApiTokenLookupErrors } from './token-lookup-errors';
import { PlatformMarketService } from '../../platform/market/platform-market.service';

/** Surface C: prices and whale movements. */
@ApiTags('C: market')
@ApiTokenLookupErrors('NOT_FOUND: unknown symbol, no token at the address, or no priced pool')
@ApiConflictResponse({ type: AmbiguousSymbolEnvelope, description: 'AMBIGUOUS_SYMBOL: the symbol names several tokens (candidates in details)' })
@Controller('market')
export class MarketController {
  constructor(private readonly market: PlatformMarketService) {}

  @Get('price/:symbol')
  @PlatformRoute('market/price')
  @ApiOperation({ summary: 'USD price from the deepest DEX pool, with the pool and block it came from (Free tier)' })
  @ApiParam({ name: 'symbol', example: 'CLEAN', description: 'A symbol (or a token address)' })
  @ApiOkResponse({ type: PriceResponse })
  price(@Param('symbol') symbol: string, @Query() query: ChainQuery): Promise<PriceResponse> {
    return this.market.price(query.chain, symbol);
  }

  @Get('whales/:token')
  @PlatformRoute('market/whales')
  @ApiOperation({
    summary: 'Large transfers and holder shifts over the last 24 h of chain time (Bronze tier)',
    description:
      'Window: 24 h of chain time ending at the head block the Transfer-log index reached. A large transfer moves ≥ 1% of the supply; a holder shift is a net change ≥ the large-holder threshold. Pools are tagged `pair`: transfers out of a pool are buys, into a pool sells.',
  })
  @ApiParam({ name: 'token', example: 'CLEAN', description: 'A token address or symbol' })
  @ApiOkResponse({ type: WhalesResponse })
  whales(@Param('token') token: string, @Query() query: ChainQuery): Promise<WhalesResponse> {
    return this.market.whales(query.chain, token);
  }
}
