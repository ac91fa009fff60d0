import { CHAIN_KEYS, type ChainKey } from '../../../config/app-config';
import { ChainField } from '../../shared/validation';

export class ChainQuery {
  @ChainField(CHAIN_KEYS)
  chain: ChainKey = 'eth';
}
