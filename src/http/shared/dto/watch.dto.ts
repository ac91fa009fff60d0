import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** Where a watch's alerts are POSTed (optional): A's and B's POST …/watches. */
export class WatchCallback {
  @ApiPropertyOptional({
    maxLength: 2048,
    example: 'https://example.com/hooks/alerts',
    description: 'POSTed each alert of this watch, signed (X-Webhook-Signature). Must resolve to a public address.',
  })
  @IsOptional()
  @IsString({ message: 'callback_url must be a string' })
  @MaxLength(2048, { message: 'callback_url must be at most 2048 characters' })
  callback_url?: string;
}

/** GET …/watches/alerts (and its stream): alerts after this id (the last one read), oldest first. */
export class AlertsQuery {
  @ApiPropertyOptional({ example: '0', description: 'Alerts with a larger id than this; 0 or omitted: from the first' })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'after must be an alert id (digits)' })
  after?: string;
}
