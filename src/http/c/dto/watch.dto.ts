import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { WatchCallback } from '../../shared/dto/watch.dto';
import { ChainQuery } from './analyze.dto';

export { AlertsQuery as AlertsQueryC } from '../../shared/dto/watch.dto';

/** POST /v1/watches: the token (an address or a listed symbol, as GET /v1/analyze/token takes), its chain, a callback. */
class WatchTokenC extends ChainQuery {
  @ApiProperty({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3', description: 'Address or listed symbol' })
  @IsString({ message: 'token must be an address or a symbol' })
  @MaxLength(64, { message: 'token must be at most 64 characters' })
  token!: string;
}

export class CreateWatchC extends IntersectionType(WatchTokenC, WatchCallback) {}
