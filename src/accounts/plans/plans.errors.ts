import { AppError } from '../../common/errors/app-error';

export class PaymentNotFoundError extends AppError {
  constructor(chain: string) {
    super('not_found', `No transaction with this hash on chain ${chain}`);
  }
}

export class PaymentPendingError extends AppError {
  constructor(missing: number, retryAfter: number) {
    super(
      'conflict',
      missing === Infinity
        ? 'The payment is still pending: retry once it is mined'
        : `The payment needs ${missing} more confirmation(s): retry shortly`,
      { retryAfter, details: { missing_confirmations: missing === Infinity ? null : missing } },
    );
  }
}

export class PaymentFailedError extends AppError {
  constructor() {
    super('validation', 'The payment transaction failed (reverted) on chain');
  }
}

/** The transaction is not a payment of ours: which part is wrong. */
export class PaymentMismatchError extends AppError {
  constructor(what: 'token' | 'recipient' | 'sender', detail: string) {
    super('validation', `Wrong ${what}: ${detail}`, {
      details: { field: 'transaction_hash', problem: `wrong_${what}` },
    });
  }
}

export class InsufficientPaymentError extends AppError {
  constructor(input: { paid: string; price: string; missing: string; symbol: string }) {
    super(
      'insufficient_payment',
      `Payment too small: ${input.paid} ${input.symbol} paid, ${input.price} ${input.symbol} due, ${input.missing} ${input.symbol} missing`,
      {
        details: { paid: input.paid, price: input.price, missing: input.missing, token: input.symbol },
      },
    );
  }
}

export class PaymentAlreadyUsedError extends AppError {
  constructor(keyPrefix: string) {
    super('conflict', `This payment was already used: it issued the key ${keyPrefix}`, {
      details: { key_prefix: keyPrefix },
    });
  }
}

export class PaymentsNotConfiguredError extends AppError {
  constructor(chain: string, reason = 'set TREASURY_ADDRESS') {
    super('unavailable', `Plan payments are not configured on chain ${chain}: ${reason}`);
  }
}
