import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { Matches, type ValidationOptions } from 'class-validator';
import { RequestValidationError } from '../../common/errors/app-error';

/** An EVM address as every surface takes it: `0x` (lower-case x) and 40 hex digits of any case. */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** class-validator's IsEthereumAddress also takes `0X…`, which viem then refuses deep inside a handler. */
export function IsAddress(options: ValidationOptions & { message: string }): PropertyDecorator {
  return Matches(ADDRESS_PATTERN, options);
}

/**
 * One rule for `null`, applied here rather than per DTO: no field takes it. An optional field is left
 * out to take its default; `null` anywhere in a body or query is refused with 400 naming the field.
 */
class NoNullValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const field = firstNull(value, '');
      if (field !== null) throw new RequestValidationError(field, null, `${field} must not be null (leave an optional field out instead)`);
    }
    return super.transform(value, metadata);
  }
}

/** The path of the first null inside a parsed body, or null when there is none (iterative: bodies may nest deep). */
function firstNull(root: unknown, rootPath: string): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: rootPath }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, field] = entries[i];
      const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (field === null) return at;
      stack.push({ value: field, path: at });
    }
  }
  return null;
}

/**
 * The request DTO pipe: nulls are refused, unknown fields are refused, types are converted, and the
 * first failure becomes a RequestValidationError naming the field and the value sent.
 */
export function createValidationPipe(): ValidationPipe {
  return new NoNullValidationPipe({
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
