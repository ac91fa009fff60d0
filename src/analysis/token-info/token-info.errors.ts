import { AppError } from '../../common/errors/app-error';

export type TokenNotFoundReason = 'no_code' | 'not_erc20';

/**
 * No code at the address, or code that does not answer like an ERC-20 (totalSupply, balanceOf).
 * The reason stays on the error (for logs), not in `details`, which the envelopes would show.
 */
export class TokenNotFoundError extends AppError {
  constructor(readonly reason: TokenNotFoundReason = 'not_erc20') {
    super('not_found', 'Token not found or not supported');
  }
}
