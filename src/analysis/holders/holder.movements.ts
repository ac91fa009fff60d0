import { Injectable } from '@nestjs/common';
import type { ChainKey } from '../../config/app-config';
import { HolderRepository, type HolderShiftRow, type LargeTransferRow } from './holder.repository';

export type { HolderShiftRow, LargeTransferRow } from './holder.repository';

export interface MovementWindow {
  chain: ChainKey;
  /** Any case; the index keys tokens lowercase. */
  token: string;
  since: Date;
  min: bigint;
  limit: number;
}

/**
 * Read-only view of a token's recent movements in the holder index, for code outside this module
 * (surface C's whales). The index itself stays private to HolderRepository: nothing outside
 * analysis/holders can write to it or read its tables directly.
 */
@Injectable()
export class HolderMovements {
  constructor(private readonly repository: HolderRepository) {}

  /** Transfers of at least `min` since `since`, largest first (the index keeps ~25 h of them). */
  largeTransfers(window: MovementWindow): Promise<LargeTransferRow[]> {
    return this.repository.largeTransfers({ ...window, token: window.token.toLowerCase() });
  }

  /** Addresses whose net change since `since` is at least `min` either way, with their balance now. */
  holderShifts(window: MovementWindow): Promise<HolderShiftRow[]> {
    return this.repository.holderShifts({ ...window, token: window.token.toLowerCase() });
  }
}
