import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ChatService } from '../../analysis/ai/chat.service';
import { ResearchService } from '../../analysis/ai/research.service';
import { XAnalysisService } from '../../analysis/ai/x-analysis.service';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { ApiResult } from '../shared/openapi/api-schemas';
import { ChatDto, TokenAiRequestDto } from './dto/ai.dto';
import { presentChatA, presentResearchA, presentXAnalysisA } from './presenters/ai.presenter';
import { ChatResponseA, ResearchResponseA, XAnalysisResponseA } from './presenters/ai.schemas';

/** Surface A: research report, social-media analysis and chat, over the live analysis. */
@ApiTags('A: token')
@ApiBadRequestResponse({ description: 'Invalid contract address, chain, message or conversation_id' })
@ApiNotFoundResponse({ description: 'Token not found or not supported; unknown conversation' })
@ApiServiceUnavailableResponse({ description: "The chain's node is unreachable (retry)" })
@Controller('api/v1/token')
export class AiController {
  constructor(
    private readonly researchService: ResearchService,
    private readonly xAnalysisService: XAnalysisService,
    private readonly chatService: ChatService,
  ) {}

  @Post('research')
  @HttpCode(200)
  @Authenticated('A', 'standard')
  @ApiOperation({
    operationId: 'getTokenResearch',
    summary: 'AI research report: overview, recent activity, sentiment, technical analysis, risk assessment',
  })
  @ApiResult(ResearchResponseA)
  async research(@Body() body: TokenAiRequestDto): Promise<ResearchResponseA> {
    return presentResearchA(await this.researchService.research({ chain: body.chain, address: body.contract_address }));
  }

  @Post('x-analysis')
  @HttpCode(200)
  @Authenticated('A', 'standard')
  @ApiOperation({
    operationId: 'getXAnalysis',
    summary: 'Social-media analysis: trends, sentiment score, influencer activity, engagement volume',
  })
  @ApiResult(XAnalysisResponseA)
  async xAnalysis(@Body() body: TokenAiRequestDto): Promise<XAnalysisResponseA> {
    return presentXAnalysisA(
      await this.xAnalysisService.analyze({ chain: body.chain, address: body.contract_address }),
    );
  }

  @Post('chat')
  @HttpCode(200)
  @Authenticated('A', 'standard')
  @ApiOperation({
    operationId: 'chatAboutTokens',
    summary: 'Questions about tokens, answered from their live analyses; conversations are kept',
  })
  @ApiResult(ChatResponseA)
  async chat(@Body() body: ChatDto, @CurrentKey() key: ApiKeyRecord): Promise<ChatResponseA> {
    return presentChatA(
      await this.chatService.ask({
        keyId: key.id,
        message: body.message,
        contractAddress: body.contract_address,
        chain: body.chain,
        conversationId: body.conversation_id,
      }),
    );
  }
}
