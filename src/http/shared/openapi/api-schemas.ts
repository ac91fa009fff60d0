import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';
import type { JsonBody } from '../presenters/json-body';

/**
 * Every response body the service documents, by component name. A schema is defined once in zod:
 * presenters return its output type (checked by the compiler through `ApiResult`), the OpenAPI
 * document's `components.schemas` is generated from this registry by zod's own converter, and the
 * e2e drift gate validates real responses against that document.
 */
export const apiSchemas = z.registry<{ id: string }, z.ZodType>();

/** Registers `schema` as the component `id` and returns it (use the result everywhere). */
export function component<S extends z.ZodType>(id: string, schema: S): S {
  if (apiSchemas.has(schema)) throw new Error(`schema ${id} is already registered as ${apiSchemas.get(schema)!.id}`);
  if (usedIds.has(id)) throw new Error(`two schemas are named ${id}`);
  usedIds.add(id);
  apiSchemas.add(schema, { id });
  return schema;
}

const usedIds = new Set<string>();

export const componentRef = (id: string) => `#/components/schemas/${id}`;

/** `chain_id` beside a `chain`, on every surface: the id of the chain that answers under that key. */
export const chainIdField = z.number().int().meta({
  example: 1,
  description: 'The id of the chain that answered for `chain` (31337 where the embedded devnet serves `eth`)',
});

function idOf(schema: z.ZodType): string {
  const meta = apiSchemas.get(schema);
  if (!meta) throw new Error('a documented response schema must be registered with component()');
  return meta.id;
}

/** A handler answers the schema's type, or that answer already serialised (JsonBody). */
type Answer<S extends z.ZodType> = z.output<S> | JsonBody<z.output<S>>;
type Handler<S extends z.ZodType> = (...args: never[]) => Answer<S> | Promise<Answer<S>>;

/**
 * Documents the answer of a route as the registered `schema`, and makes the compiler check that the
 * handler returns that schema's type.
 */
export function ApiResult<S extends z.ZodType>(schema: S, options: { status?: number; description?: string } = {}) {
  const decorator = applyDecorators(
    ApiResponse({
      status: options.status ?? 200,
      description: options.description ?? 'OK',
      schema: { $ref: componentRef(idOf(schema)) },
    }),
  );
  return (
    target: object,
    key: string | symbol,
    descriptor: Pick<TypedPropertyDescriptor<Handler<S>>, 'value'>,
  ): void => {
    decorator(target, key, descriptor as TypedPropertyDescriptor<Handler<S>>);
  };
}

/**
 * Two documented answers of one route (e.g. 200 with the result, 202 with a job): the handler returns
 * either schema's type.
 */
export function ApiResultOr<S extends z.ZodType, T extends z.ZodType>(
  schema: S,
  other: {
    schema: T;
    status: number;
    description: string;
    headers?: Record<string, { description: string; schema: { type: 'string' } }>;
  },
) {
  const decorator = applyDecorators(
    ApiResponse({ status: 200, description: 'OK', schema: { $ref: componentRef(idOf(schema)) } }),
    ApiResponse({
      status: other.status,
      description: other.description,
      schema: { $ref: componentRef(idOf(other.schema)) },
      headers: other.headers,
    }),
  );
  type Either = (...args: never[]) => Answer<S> | Answer<T> | Promise<Answer<S> | Answer<T>>;
  return (target: object, key: string | symbol, descriptor: Pick<TypedPropertyDescriptor<Either>, 'value'>): void => {
    decorator(target, key, descriptor as TypedPropertyDescriptor<Either>);
  };
}

/** The OpenAPI 3.0 schemas of every registered component. */
export function componentSchemas(): Record<string, object> {
  const { schemas } = z.toJSONSchema(apiSchemas, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'any',
    uri: componentRef,
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, toOpenApi30(schema) as object]));
}

/**
 * zod's OpenAPI 3.0 output, made acceptable to strict readers: no `$id` (not an OpenAPI keyword), and a
 * nullable enum lists `null` among its values (OpenAPI 3.0.3's rule for `nullable` with `enum`).
 */
function toOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi30);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== '$id') out[k] = toOpenApi30(v);
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...(out.enum as unknown[]), null];
  // zod wraps every reference in allOf so that siblings may sit beside it; with none, the reference alone.
  if (Array.isArray(out.allOf) && out.allOf.length === 1 && Object.keys(out).length === 1) return out.allOf[0];
  return out;
}
