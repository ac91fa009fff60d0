import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

const CALLBACK_URL_DOC = {
  maxLength: 2048,
  example: 'https://example.com/hooks/scan',
  description:
    'POSTed the job status when it finishes, signed (X-Webhook-Signature); implies async. Must resolve to a public address.',
};

/** Asking for a scan in a body as a job (202) instead of the answer (200): A's and B's POSTs. */
export class AsyncOptions {
  @ApiPropertyOptional({
    default: false,
    description:
      'Answer 202 with a job at once (as `Prefer: respond-async` does); GET its status_url for progress and the result',
  })
  @IsOptional()
  @IsBoolean({ message: 'async must be a boolean' })
  async?: boolean;

  @ApiPropertyOptional(CALLBACK_URL_DOC)
  @IsOptional()
  @IsString({ message: 'callback_url must be a string' })
  @MaxLength(2048, { message: 'callback_url must be at most 2048 characters' })
  callback_url?: string;
}

/** Asking for a scan in a query as a job: a GET has no body, so `Prefer: respond-async` or a `callback_url` query parameter (C's GETs). */
export class AsyncQuery {
  @ApiPropertyOptional({ ...CALLBACK_URL_DOC, description: `${CALLBACK_URL_DOC.description} URL-encode it.` })
  @IsOptional()
  @IsString({ message: 'callback_url must be a string' })
  @MaxLength(2048, { message: 'callback_url must be at most 2048 characters' })
  callback_url?: string;
}

/** Whether a request asks for a job: `async: true`, a callback URL, or `Prefer: respond-async` (RFC 7240). */
export function wantsJob(options: { async?: boolean; callback_url?: string }, prefer: string | undefined): boolean {
  return (
    options.async === true ||
    options.callback_url !== undefined ||
    /(^|[,;\s])respond-async([,;\s]|$)/i.test(prefer ?? '')
  );
}
