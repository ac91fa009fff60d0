import { SocialScoreDto, TokenRequestDto } from './dto/token.dto';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import { Authenticated } from '../shared/auth/authenticated.decorator';

import { SCANNER_CACHE_TTL } from './scan-cache';
import type { Feature } from '../../analysis/report/token-report';
import {
  presentHoldersFeature,
  presentMarketFeature,
  presentSecurityFeature,
  presentSniperFeature,
  presentSocialFeature,
  presentWashFeature,
} from './presenters/features.presenter';

class FeatureResult {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: 'security' }) feature!: string;
  @ApiProperty({ example: { address: '0x…', chain: 'eth', name: 'Clean Token', symbol: 'CLEAN' } }) token!: Record<string, unknown>;
  @ApiProperty({ example: 95 }) score!: number;
  @ApiProperty({ example: 'A+' }) grade!: string;
  @ApiProperty({ type: [String] }) findings!: string[];
}

/** Surface B: one report section each (Standard class). */
@ApiTags('B: features')
@ApiBadRequestResponse()
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
    });
    return served.report;
  }

  @Post('security')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ summary: 'Security section: bytecode powers, proxy, ownership, simulated trade' })
  @ApiOkResponse({ type: FeatureResult })
  async security(@Body() body: TokenRequestDto) {
    return presentSecurityFeature(await this.report(body, 'security'));
  }

  @Post('market')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ summary: 'Market section: price, liquidity, volume, pairs' })
  @ApiOkResponse({ type: FeatureResult })
  async market(@Body() body: TokenRequestDto) {
    return presentMarketFeature(await this.report(body, 'market'));
  }

  @Post('wash-trading')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ summary: 'Wash trading: round trips, funding-linked rings, wash share of volume' })
  @ApiOkResponse({ type: FeatureResult })
  async washTrading(@Body() body: TokenRequestDto) {
    return presentWashFeature(await this.report(body, 'wash_trading'));
  }

  @Post('sniper-sellers')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ summary: 'Snipers: launch-block buyers, bundles, who sold and who still holds' })
  @ApiOkResponse({ type: FeatureResult })
  async sniperSellers(@Body() body: TokenRequestDto) {
    return presentSniperFeature(await this.report(body, 'sniper_analysis'));
  }

  @Post('social-score')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ summary: 'Social section: links, sentiment, engagement, influencers, trend, social score' })
  @ApiOkResponse({ type: FeatureResult })
  async socialScore(@Body() body: SocialScoreDto) {
    return presentSocialFeature(await this.report(body, 'link_analysis', body.data_provider_api_key));
  }

  @Post('holders')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ summary: 'Holder section: count, concentration, whales, recent activity' })
  @ApiOkResponse({ type: FeatureResult })
  async holders(@Body() body: TokenRequestDto) {
    return presentHoldersFeature(await this.report(body, 'holder_analysis'));
  }
}
