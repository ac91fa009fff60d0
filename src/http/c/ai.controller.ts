import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { CurrentKey } from '../shared/auth/authenticated.decorator';
import { ApiResult } from '../shared/openapi/api-schemas';
import { PlatformRoute } from './platform-access.guard';
import { AiInsightsDto, AiQueryDto } from './dto/ai.dto';
import { AiAnswerC, PortfolioInsightsC, presentAnswer, presentInsights } from './presenters/ai.presenter';
import { PlatformAiService } from '../../platform/ai/platform-ai.service';

/** Surface C: natural-language questions and wallet insights, written by the LLM port or the built-in analyst. */
@ApiTags('C: ai')
@ApiBadRequestResponse({ description: 'VALIDATION_ERROR (naming the field) or INVALID_ADDRESS' })
@ApiServiceUnavailableResponse({ description: "UPSTREAM_UNAVAILABLE: the chain's node is unreachable (retry)" })
@Controller('ai')
export class AiController {
  constructor(private readonly ai: PlatformAiService) {}

  @Post('query')
  @HttpCode(200)
  @PlatformRoute('ai/query')
  @ApiOperation({
    operationId: 'askAi',
    summary: 'A question about tokens, answered from their live analyses (Silver tier)',
    description:
      'Tokens are named by address, by a listed symbol in capitals (CLEAN) or as $symbol. Answers safety, taxes, holders, liquidity, price, overview and comparisons; `engine` says whether the configured model or the built-in analyst wrote it. Conversations are kept per key (conversation_id).',
  })
  @ApiResult(AiAnswerC)
  @ApiNotFoundResponse({
    description: 'NOT_FOUND: conversation_id is not one of this key, or a named token has no contract',
  })
  async query(@Body() body: AiQueryDto, @CurrentKey() key: ApiKeyRecord): Promise<AiAnswerC> {
    return presentAnswer(await this.ai.query(key, body));
  }

  @Post('insights')
  @HttpCode(200)
  @PlatformRoute('ai/insights')
  @ApiOperation({
    operationId: 'getPortfolioInsights',
    summary:
      "A wallet's portfolio and the market conditions of what it holds: concentration, risky tokens, liquidity, recent moves (Silver tier)",
    description:
      'Built on the wallet analysis (GET /v1/analyze/wallet) and the security and market reports of the first 20 tokens held; `summary` is written from these numbers only.',
  })
  @ApiResult(PortfolioInsightsC)
  async insights(@Body() body: AiInsightsDto): Promise<PortfolioInsightsC> {
    return presentInsights(await this.ai.insights(body));
  }
}
