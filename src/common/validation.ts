import { ValidationError, ValidationPipe } from '@nestjs/common';
import { RequestValidationError } from './errors/app-error';

/**
 * The request DTO pipe: unknown fields are refused, types are converted, and the first failure becomes
 * a RequestValidationError naming the field and the value sent.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => toValidationError(errors),
  });
}

function toValidationError(errors: ValidationError[], parent = ''): RequestValidationError {
  const first = errors[0];
  const field = parent ? `${parent}.${first.property}` : first.property;
  if (!first.constraints && first.children?.length) return toValidationError(first.children, field);
  const constraints = first.constraints ?? {};
  const message = constraints.whitelistValidation
    ? `Unknown field: ${field}`
    : (Object.values(constraints)[0] ?? `Invalid value for ${field}`);
  return new RequestValidationError(field, first.value, message);
}
