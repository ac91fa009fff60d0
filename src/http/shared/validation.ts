import { applyDecorators, ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, Matches, type ValidationOptions } from 'class-validator';
import { CHAIN_IDS, chainKeyOf } from '../../chain/chain-ids';
import type { ChainKey } from '../../config/app-config';
import { RequestValidationError } from '../../common/errors/app-error';
import { ADDRESS_PATTERN } from '../../common/address';

/**
 * An optional chain field: one of `chains`, by key (`eth`) or by chain id (`1`, `"1"`), which is
 * turned into the key before it is checked. The one rule (and its documentation) for every
 * surface's chain fields.
 */
export function ChainField(
  chains: readonly ChainKey[],
  doc: { description?: string; default?: ChainKey } = { default: 'eth' },
): PropertyDecorator {
  const ids = chains.map((c) => `${c} = ${CHAIN_IDS[c]}`).join(', ');
  return applyDecorators(
    // A chain field is typed as the ChainKey union, which the compiler records as String and ts-jest
    // (per-file transpiling) as Object; the document must not depend on which compiled it.
    Reflect.metadata('design:type', String),
    ApiPropertyOptional({
      oneOf: [
        { type: 'string', enum: [...chains, ...chains.map((c) => String(CHAIN_IDS[c]))] },
        { type: 'integer', enum: chains.map((c) => CHAIN_IDS[c]) },
      ],
      default: doc.default,
      description: `${doc.description ? `${doc.description}. ` : ''}By key, or by chain id (${ids})`,
    }),
    IsOptional(),
    Transform(({ value }) => chainKeyOf(value)),
    IsIn(chains, { message: `chain must be one of ${chains.join(', ')} (or its chain id)` }),
  );
}

/**
 * An EVM address as every surface takes it: `0x` (lower-case x) and 40 hex digits of any case
 * (class-validator's IsEthereumAddress also takes `0X…`, which viem then refuses deep inside a handler).
 */
export function IsAddress(options: ValidationOptions & { message: string }): PropertyDecorator {
  return Matches(ADDRESS_PATTERN, options);
}

/**
 * Deeper than any DTO nests. Nest's ValidationPipe and class-transformer walk a body recursively, so a
 * body nested some thousands deep (well under the 100 kB limit) would overflow the stack: a 500.
 */
export const MAX_BODY_DEPTH = 32;

/**
 * A UTF-16 surrogate not paired with its other half: JSON's `\ud800` escape makes one. It is no text
 * in any encoding (PostgreSQL cannot store it), and validators that percent-encode their input throw
 * `URIError` on it (class-validator's IsEmail did: a 500).
 */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Three rules applied here rather than per DTO, before anything walks the value recursively: no field
 * takes `null` (an optional field is left out to take its default), no string holds a lone surrogate,
 * and nothing nests deeper than MAX_BODY_DEPTH. Each is refused with 400 naming the field.
 */
class RequestRulesValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const problem = firstProblem(value);
      if (problem) throw new RequestValidationError(problem.field, problem.value, problem.message);
    }
    return super.transform(value, metadata);
  }
}

/** The first null, ill-formed string or over-deep value inside a parsed body, or null when there is none (iterative: bodies may nest deep). */
function firstProblem(root: unknown): { field: string; value: unknown; message: string } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) {
      const field = path.split(/[.[]/)[0] || 'body';
      return { field, value: undefined, message: `${field} nests deeper than ${MAX_BODY_DEPTH} levels` };
    }
    const entries: [string, unknown][] = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, field] = entries[i];
      const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (field === null)
        return { field: at, value: null, message: `${at} must not be null (leave an optional field out instead)` };
      if (typeof field === 'string' && LONE_SURROGATE.test(field))
        return {
          field: at,
          value: field,
          message: `${at} must be well-formed Unicode text (it holds a lone surrogate)`,
        };
      stack.push({ value: field, path: at, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * The request DTO pipe: nulls are refused, unknown fields are refused, types are converted, and the
 * first failure becomes a RequestValidationError naming the field and the value sent.
 */
export function createValidationPipe(): ValidationPipe {
  return new RequestRulesValidationPipe({
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
