import { Module } from '@nestjs/common';
import { LlmModule } from '../../providers/llm/llm.module';
import { AnalysisModule } from '../analysis.module';
import { Analyst } from './analyst';
import { ChatService } from './chat.service';
import { ConversationRepository } from './conversation.repository';
import { ResearchService } from './research.service';
import { SocialAnalysisModule } from '../social/social-analysis.module';
import { AnalyzerSocialFacts } from './analyzer-social-facts';
import { SocialFactsSource } from './social-facts';
import { XAnalysisService } from './x-analysis.service';

/** Research, social analysis and chat over the analysis engine and the social analyzer. */
@Module({
  imports: [AnalysisModule, LlmModule, SocialAnalysisModule],
  providers: [
    Analyst,
    ResearchService,
    XAnalysisService,
    ChatService,
    ConversationRepository,
    { provide: SocialFactsSource, useClass: AnalyzerSocialFacts },
  ],
  exports: [ResearchService, XAnalysisService, ChatService],
})
export class AiModule {}
