import { Module } from '@nestjs/common';
import { SocialModule } from '../../providers/social/social.module';
import { SocialProvider } from '../../providers/social/social-provider';
import { SocialAnalyzer } from './social.analyzer';

/** Social analysis (links, sentiment, trend, score) over whichever social provider the chain has. */
@Module({
  imports: [SocialModule],
  providers: [
    {
      provide: SocialAnalyzer,
      inject: [SocialProvider],
      useFactory: (provider: SocialProvider) => new SocialAnalyzer(provider),
    },
  ],
  exports: [SocialAnalyzer],
})
export class SocialAnalysisModule {}
