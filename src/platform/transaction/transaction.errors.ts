import { AppError } from '../../common/errors/app-error';
import type { RiskVerdictView } from './transaction.views';

/**
 * A swap would buy or sell a token the engine found unsellable (409 RISKY_TOKEN). Not a bad request:
 * the same body passes with `allow_risky: true`, so the verdicts travel in `details`.
 */
export class RiskyTokenError extends AppError {
  constructor(verdicts: RiskVerdictView[]) {
    const named = verdicts
      .map((v) => `${v.symbol || v.token} (${v.warnings[0]?.message ?? 'cannot be sold'})`)
      .join(', ');
    super(
      'conflict',
      `Refused: ${named}. Tokens bought cannot be sold again. Send allow_risky: true to prepare it anyway`,
      {
        cCode: 'RISKY_TOKEN',
        details: {
          tokens: verdicts.map(({ token, symbol, risk, is_honeypot, cannot_sell, warnings }) => ({
            token,
            symbol,
            risk,
            is_honeypot,
            cannot_sell,
            warnings,
          })),
        },
      },
    );
  }
}

/** No configured DEX quotes the pair, directly or through wrapped native or a stablecoin (404 NO_ROUTE). */
export class NoRouteError extends AppError {
  constructor(input: { tokenIn: string; tokenOut: string; tried: number }) {
    super(
      'not_found',
      `No route from ${input.tokenIn} to ${input.tokenOut} on the configured DEXes (${input.tried} paths tried)`,
      {
        cCode: 'NO_ROUTE',
        details: { token_in: input.tokenIn, token_out: input.tokenOut, paths_tried: input.tried },
      },
    );
  }
}

/** The sender holds less than it wants to spend (409 INSUFFICIENT_BALANCE). */
export class InsufficientBalanceError extends AppError {
  constructor(input: { symbol: string; balance: string; needed: string }) {
    super('conflict', `The sender holds ${input.balance} ${input.symbol}, less than the ${input.needed} asked for`, {
      cCode: 'INSUFFICIENT_BALANCE',
      details: { symbol: input.symbol, balance: input.balance, needed: input.needed },
    });
  }
}

/** The prepared transaction reverts when estimated (409 TRANSACTION_WOULD_REVERT, with the reason). */
export class WouldRevertError extends AppError {
  constructor(reason: string) {
    super('conflict', `The transaction would revert: ${reason}`, {
      cCode: 'TRANSACTION_WOULD_REVERT',
      details: { revert_reason: reason },
    });
  }
}

/** A request field that is well-formed but cannot be used as asked (400 VALIDATION_ERROR naming it). */
export class BadIntentError extends AppError {
  constructor(field: string, message: string, value?: unknown) {
    super('validation', message, { details: { field, value: value === undefined ? '' : String(value) } });
  }
}
