import { IntersectionType } from '@nestjs/swagger';
import { CHAIN_KEYS, type ChainKey } from '../../../config/app-config';
import { AsyncQuery } from '../../shared/dto/async.dto';
import { ChainField } from '../../shared/validation';

export class ChainQuery {
  @ChainField(CHAIN_KEYS)
  chain: ChainKey = 'eth';
}

/** An analysis GET: the chain, and a callback URL when the answer should come as a job. */
export class AnalyzeQuery extends IntersectionType(ChainQuery, AsyncQuery) {}
