import type { INestApplication } from '@nestjs/common';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The drift gate: every response an e2e test receives from the app is checked against the operation
 * the OpenAPI document says served it (status documented, documented headers present, body valid
 * under the documented schema, which forbids undocumented fields). Mismatches are collected here and
 * fail the running test (see drift-gate.setup.ts).
 */

interface OpenApiDoc {
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, DocumentedResponse> }>>;
  components: { schemas: Record<string, object> };
}

interface DocumentedResponse {
  content?: Record<string, { schema?: object }>;
  headers?: Record<string, { required?: boolean }>;
}

export interface DriftViolation {
  route: string;
  status: number;
  problems: string[];
}

interface Operation {
  operationId?: string;
  method: string;
  pattern: RegExp;
  path: string;
  responses: Record<string, DocumentedResponse>;
}

const VIOLATIONS_KEY = Symbol.for('token-analysis.drift-violations');
type Store = { [VIOLATIONS_KEY]?: DriftViolation[] };

/** Violations seen since the last call (the setup file drains them after every test). */
export function takeDriftViolations(): DriftViolation[] {
  const store = globalThis as Store;
  const taken = store[VIOLATIONS_KEY] ?? [];
  store[VIOLATIONS_KEY] = [];
  return taken;
}

function record(v: DriftViolation): void {
  const store = globalThis as Store;
  (store[VIOLATIONS_KEY] ??= []).push(v);
}

/**
 * With OPENAPI_EXAMPLES_OUT=<file>, the first valid success answer of each operation is kept there as
 * its example (`npm run openapi:examples` turns a run of the e2e suites into the document's examples).
 * Keys are replaced by a placeholder of the same shape.
 */
function recordExample(operationId: string, status: number, body: Buffer): void {
  const file = process.env.OPENAPI_EXAMPLES_OUT;
  if (!file) return;
  const examples = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>)
    : {};
  if (examples[operationId]?.[status] !== undefined) return;
  const text = body
    .toString('utf8')
    .replace(/\b(ta|test)_[0-9a-f]{64}\b/g, (_m, kind: string) => `${kind}_${'0'.repeat(64)}`);
  examples[operationId] = { ...examples[operationId], [status]: JSON.parse(text) };
  const sorted = Object.fromEntries(Object.entries(examples).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** Checks responses against one OpenAPI document. */
export class DriftChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly operations: Operation[];
  private readonly validators = new Map<object, ValidateFunction>();

  constructor(doc: OpenApiDoc) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'doc', components: doc.components });
    this.operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        responses: op.responses,
      })),
    );
  }

  /** What is wrong with this response of `method path`, or null if it is as documented (or undocumented: an unknown route). */
  check(input: {
    method: string;
    path: string;
    status: number;
    headers: Record<string, unknown>;
    body: Buffer;
    contentType?: string;
  }): DriftViolation | null {
    const operation = this.operations.find((o) => o.method === input.method && o.pattern.test(input.path));
    if (!operation) return null;
    const route = `${input.method} ${operation.path}`;
    const documented =
      operation.responses[String(input.status)] ?? (input.status >= 400 ? operation.responses.default : undefined);
    if (!documented) return { route, status: input.status, problems: [`status ${input.status} is not documented`] };
    const problems: string[] = [];
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      if (header.required !== false && input.headers[name.toLowerCase()] === undefined)
        problems.push(`header ${name} is documented but missing`);
    }
    const schema = documented.content?.['application/json']?.schema;
    if (schema) {
      if (!input.contentType?.startsWith('application/json')) {
        problems.push(`content-type ${input.contentType ?? '(none)'} instead of application/json`);
      } else {
        problems.push(...this.validateBody(schema, input.body));
      }
    }
    if (problems.length === 0 && schema && input.status < 300 && operation.operationId)
      recordExample(operation.operationId, input.status, input.body);
    return problems.length ? { route, status: input.status, problems } : null;
  }

  private validateBody(schema: object, raw: Buffer): string[] {
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return ['the body is not JSON'];
    }
    const validate = this.validatorFor(schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => {
      const extra =
        e.keyword === 'additionalProperties'
          ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
          : '';
      return `body${e.instancePath} ${e.message}${extra}`;
    });
  }

  private validatorFor(schema: object): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      // Response schemas refer to components as `#/components/...`: point them at the document.
      const rooted = JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"doc#/'));
      validate = this.ajv.compile(rooted);
      this.validators.set(schema, validate);
    }
    return validate;
  }
}

/**
 * Puts the gate in front of the app's routes: call before `app.init()`, then `arm` with the document
 * the app serves. Responses are checked as they are written, before the client reads them.
 */
export function installDriftGate(app: INestApplication): { arm(doc: OpenApiDoc): void } {
  let checker: DriftChecker | undefined;
  app.use((req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: () => void) => {
    const chunks: Buffer[] = [];
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(toBuffer(chunk, rest[0]));
      return write(chunk, ...rest);
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
      if (checker && req.method !== 'HEAD') {
        const violation = checker.check({
          method: req.method ?? 'GET',
          path: (req.originalUrl ?? req.url ?? '/').split('?')[0],
          status: res.statusCode,
          headers: res.getHeaders(),
          body: Buffer.concat(chunks),
          contentType: res.getHeader('content-type')?.toString(),
        });
        if (violation) record(violation);
      }
      return end(chunk, ...rest);
    }) as ServerResponse['end'];
    next();
  });
  return { arm: (doc) => (checker = new DriftChecker(doc)) };
}
