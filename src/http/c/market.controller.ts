import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ChainQuery } from './dto/analyze.dto';
import { PlatformRoute } from './platform-access.guard';
import { ApiAmbiguousSymbol, ApiTokenLookupErrors } from './token-lookup-errors';
import { MarketPriceC, presentPrice, presentWhales, WhaleMovementsC } from './presenters/market.presenter';
import { ApiResult } from '../shared/openapi/api-schemas';
import { PlatformMarketService } from '../../platform/market/platform-market.service';

/** Surface C: prices and whale movements. */
@ApiTags('C: market')
@ApiTokenLookupErrors('NOT_FOUND: unknown symbol, no token at the address, or no priced pool')
@ApiAmbiguousSymbol()
@Controller('market')
export class MarketController {
  constructor(private readonly market: PlatformMarketService) {}

  @Get('price/:symbol')
  @PlatformRoute('market/price')
  @ApiOperation({
    operationId: 'getPrice',
    summary: 'USD price from the deepest DEX pool, with the pool and block it came from (Free tier)',
  })
  @ApiParam({ name: 'symbol', example: 'CLEAN', description: 'A symbol (or a token address)' })
  @ApiResult(MarketPriceC)
  async price(@Param('symbol') symbol: string, @Query() query: ChainQuery): Promise<MarketPriceC> {
    return presentPrice(await this.market.price(query.chain, symbol));
  }

  @Get('whales/:token')
  @PlatformRoute('market/whales')
  @ApiOperation({
    operationId: 'getWhaleMovements',
    summary: 'Large transfers and holder shifts over the last 24 h of chain time (Bronze tier)',
    description:
      'Window: 24 h of chain time ending at the head block the Transfer-log index reached. A large transfer moves ≥ 1% of the supply; a holder shift is a net change ≥ the large-holder threshold. Pools are tagged `pair`: transfers out of a pool are buys, into a pool sells.',
  })
  @ApiParam({ name: 'token', example: 'CLEAN', description: 'A token address or symbol' })
  @ApiResult(WhaleMovementsC)
  async whales(@Param('token') token: string, @Query() query: ChainQuery): Promise<WhaleMovementsC> {
    return presentWhales(await this.market.whales(query.chain, token));
  }
}
