import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Feature } from '../../analysis/report/token-report';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import { Authenticated } from '../shared/auth/authenticated.decorator';
import { ApiResult } from '../shared/openapi/api-schemas';
import { SocialScoreDto, TokenRequestDto } from './dto/token.dto';
import {
  HoldersFeatureResponseB,
  MarketFeatureResponseB,
  presentHoldersFeature,
  presentMarketFeature,
  presentSecurityFeature,
  presentSniperFeature,
  presentSocialFeature,
  presentWashFeature,
  SecurityFeatureResponseB,
  SniperSellersFeatureResponseB,
  SocialScoreFeatureResponseB,
  WashTradingFeatureResponseB,
} from './presenters/features.presenter';
import { SCANNER_CACHE_TTL } from './scan-cache';

/** Surface B: one report section each (Standard class). */
@ApiTags('B: features')
@ApiBadRequestResponse({ description: 'Invalid body (details name the field refused)' })
@ApiNotFoundResponse({ description: 'Token not found or not supported' })
@Controller('api/v1/features')
export class FeaturesController {
  constructor(private readonly analysis: TokenAnalysisService) {}

  private async report(body: TokenRequestDto, feature: Feature, socialApiKey?: string) {
    const served = await this.analysis.scan({
      chain: body.chain,
      address: body.contract_address,
      features: [feature],
      // A caller's own data key asks for data fetched with it: no cached report.
      cacheTtl: socialApiKey ? 0 : SCANNER_CACHE_TTL,
      socialApiKey,
      resolvePairs: true,
    });
    return served.report;
  }

  @Post('security')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({
    operationId: 'getSecurityFeature',
    summary: 'Security section: bytecode powers, proxy, ownership, simulated trade',
  })
  @ApiResult(SecurityFeatureResponseB)
  async security(@Body() body: TokenRequestDto) {
    return presentSecurityFeature(await this.report(body, 'security'));
  }

  @Post('market')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ operationId: 'getMarketFeature', summary: 'Market section: price, liquidity, volume, pairs' })
  @ApiResult(MarketFeatureResponseB)
  async market(@Body() body: TokenRequestDto) {
    return presentMarketFeature(await this.report(body, 'market'));
  }

  @Post('wash-trading')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({
    operationId: 'getWashTradingFeature',
    summary: 'Wash trading: round trips, funding-linked rings, wash share of volume',
  })
  @ApiResult(WashTradingFeatureResponseB)
  async washTrading(@Body() body: TokenRequestDto) {
    return presentWashFeature(await this.report(body, 'wash_trading'));
  }

  @Post('sniper-sellers')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({
    operationId: 'getSniperSellersFeature',
    summary: 'Snipers: launch-block buyers, bundles, who sold and who still holds',
  })
  @ApiResult(SniperSellersFeatureResponseB)
  async sniperSellers(@Body() body: TokenRequestDto) {
    return presentSniperFeature(await this.report(body, 'sniper_analysis'));
  }

  @Post('social-score')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({
    operationId: 'getSocialScoreFeature',
    summary: 'Social section: links, sentiment, engagement, influencers, trend, social score',
  })
  @ApiResult(SocialScoreFeatureResponseB)
  async socialScore(@Body() body: SocialScoreDto) {
    return presentSocialFeature(await this.report(body, 'link_analysis', body.data_provider_api_key));
  }

  @Post('holders')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({
    operationId: 'getHoldersFeature',
    summary: 'Holder section: count, concentration, whales, recent activity',
  })
  @ApiResult(HoldersFeatureResponseB)
  async holders(@Body() body: TokenRequestDto) {
    return presentHoldersFeature(await this.report(body, 'holder_analysis'));
  }
}
