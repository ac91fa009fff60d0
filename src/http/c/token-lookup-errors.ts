import { applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';

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
