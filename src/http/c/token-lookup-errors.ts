import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiServiceUnavailableResponse,
} from '@nestjs/swagger';

/**
 * The errors of a C controller whose routes look a token up on a chain by address or symbol, declared
 * once so the controllers cannot describe the same failures differently. `notFound` says what
 * the controller's 404 means.
 */
export function ApiTokenLookupErrors(notFound: string): ClassDecorator {
  return applyDecorators(
    ApiBadRequestResponse({ description: 'INVALID_ADDRESS (bad address or symbol) or VALIDATION_ERROR (bad chain)' }),
    ApiNotFoundResponse({ description: notFound }),
    ApiServiceUnavailableResponse({ description: "UPSTREAM_UNAVAILABLE: the chain's node is unreachable (retry)" }),
  );
}

/** 409 of a route that takes a symbol: which tokens it could mean are in the error's details. */
export const ApiAmbiguousSymbol = () =>
  ApiConflictResponse({
    description:
      'AMBIGUOUS_SYMBOL: the symbol names several tokens; ask again by address. `details.symbol` is the symbol, `details.candidates` the tokens (address, symbol, name, source: chain_facts, token_list or analysed)',
  });
