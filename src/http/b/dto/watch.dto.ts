import { IntersectionType } from '@nestjs/swagger';
import { WatchCallback } from '../../shared/dto/watch.dto';
import { TokenRequestDto } from './token.dto';

/** POST {B}/api/v1/watches: a token to watch, and where to POST its alerts (optional). */
export class CreateWatchB extends IntersectionType(TokenRequestDto, WatchCallback) {}
