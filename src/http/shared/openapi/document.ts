import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { AppConfig } from '../../../config/app-config';
import type { ErrorKind } from '../../../common/errors/app-error';
import { ERROR_KINDS, kindForStatus } from '../../../common/errors/error-kinds';
import { envelopeOf } from '../filters/surface-error.filters';
import { Surface, surfaceOf } from '../surface';
import { componentRef, componentSchemas } from './api-schemas';
import './error-envelopes';
import recordedExamples from './examples.json';

export const SECURITY_A = 'ServiceApiKey';
export const SECURITY_BEARER = 'BearerAuth';

const KEY_SHAPE = '`ta_` (or `test_` for a 10-scan test key) followed by 64 hex digits';

/** The OpenAPI description of all three surfaces at /v1/openapi.json, and Swagger UI at /docs. */
export function setupOpenApi(app: INestApplication, config: AppConfig): OpenAPIObject {
  const document = buildOpenApiDocument(app, config);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'v1/openapi.json',
    yamlDocumentUrl: 'v1/openapi.yaml',
  });
  return document;
}

export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Token Analysis API')
      .setDescription(
        [
          'Tells a trader, a bot or a wallet whether an EVM token is safe to touch.',
          `Surface A (primary): \`/api/v1/...\` and \`/health\`, key in \`X-Service-API-Key\`.`,
          `Surface B (scanner): \`${config.scannerBasePath}/api/v1/...\` and \`${config.scannerBasePath}/health\`, key as \`Authorization: Bearer\`.`,
          'Surface C (platform): `/v1/...`, key as `Authorization: Bearer`.',
          'Chains are named by key (`eth`, `bsc`, …) or by chain id (`1`, `56`, …) wherever a chain is asked for.',
        ].join('\n\n'),
      )
      .setVersion(config.version)
      .addServer('/', 'This server')
      .addApiKey(
        {
          type: 'apiKey',
          in: 'header',
          name: 'X-Service-API-Key',
          description: `Surface A key: ${KEY_SHAPE}. Get one from \`POST /api/v1/auth/request-key\`.`,
        },
        SECURITY_A,
      )
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'API key',
          description: `Surface B and C key, sent as \`Authorization: Bearer <key>\`: ${KEY_SHAPE}. An opaque key, not a JWT. Surface C refuses test keys.`,
        },
        SECURITY_BEARER,
      )
      .build(),
  );
  document.info.license = { name: 'Proprietary' };
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...componentSchemas() } };
  documentErrors(document, config.scannerBasePath);
  addRecordedExamples(document);
  return document;
}

const ERROR_SCHEMA: Record<Surface, string> = { A: 'ErrorA', B: 'ErrorB', C: 'ErrorC' };

/** What an example of each kind of error says. */
const SAMPLE_MESSAGES: Record<ErrorKind, string> = {
  validation: 'contract_address must be 0x followed by 40 hex digits',
  unauthenticated: 'Invalid API key: no such key',
  payment_required: 'This test key has used its 10 scans',
  insufficient_payment: 'The transaction paid 0.01 ETH; the plan costs 0.05 ETH',
  forbidden: 'This endpoint needs a higher tier',
  not_found: 'Token not found or not supported',
  method_not_allowed: 'Method not allowed',
  conflict: 'This transaction hash was already used for a purchase',
  payload_too_large: 'The body is larger than 100 kB',
  headers_too_large: 'The headers are larger than 16 kB',
  unsupported_media_type: 'Send Content-Type: application/json',
  expectation_failed: 'Only Expect: 100-continue is supported',
  rate_limited: 'Rate limit exceeded: 60 requests per minute for this key',
  internal: 'Internal server error',
  unavailable: "The chain's node is unreachable",
};

const RETRY_AFTER: Partial<Record<ErrorKind, number>> = { rate_limited: 60, unavailable: 5 };

/** The answer of `surface` for an error of this status, as its filter renders it. */
function errorExample(surface: Surface, status: number): object {
  const kind = kindForStatus(status);
  return envelopeOf(surface, {
    kind,
    status: ERROR_KINDS[kind].status,
    message: SAMPLE_MESSAGES[kind],
    retryAfter: RETRY_AFTER[kind],
    provider: kind === 'rate_limited' ? 'api' : undefined,
    expected: true,
  });
}

/**
 * Error answers are written by one filter per surface, so they are documented in one place: every
 * error status an operation declares (by its decorators) gets its surface's envelope with an example
 * rendered by that filter; every operation may answer 503 (database or chain unavailable) and, as
 * `default`, any other error in the same envelope (413, 415, 417, 431: limits on any request).
 */
function documentErrors(document: OpenAPIObject, scannerBasePath: string): void {
  for (const [path, operations] of Object.entries(document.paths)) {
    const surface = surfaceOf(path, scannerBasePath);
    for (const operation of Object.values(operations) as OperationObject[]) {
      if (typeof operation !== 'object' || !operation.responses) continue;
      // A route without a key says so, rather than leaving readers to guess.
      operation.security ??= [];
      const responses = operation.responses as Record<string, ResponseObject>;
      responses['503'] ??= {
        description: 'The database or a chain node is unavailable: retry after Retry-After seconds',
      };
      responses.default ??= {
        description: 'Any other error (e.g. 413 body too large, 415, 417, 431), in the same envelope',
      };
      for (const [status, response] of Object.entries(responses)) {
        const code = status === 'default' ? 413 : Number(status);
        if (code < 400 || response.content) continue;
        const schema = surface === 'B' && code === 429 ? 'RateLimitedB' : ERROR_SCHEMA[surface];
        response.content = {
          'application/json': { schema: { $ref: componentRef(schema) }, example: errorExample(surface, code) },
        };
        if (code === 429 || code === 503) {
          response.headers = {
            'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
          };
        }
      }
    }
  }
}

/**
 * Success examples are real answers of the devnet, recorded by the e2e suites (`npm run
 * openapi:examples`; keys replaced by placeholders). The lint checks each against its schema.
 */
function addRecordedExamples(document: OpenAPIObject): void {
  const examples = recordedExamples as Record<string, Record<string, unknown>>;
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations) as OperationObject[]) {
      if (typeof operation !== 'object' || !operation.operationId || !operation.responses) continue;
      for (const [status, example] of Object.entries(examples[operation.operationId] ?? {})) {
        const media = (operation.responses[status] as ResponseObject | undefined)?.content?.['application/json'];
        if (media) media.example = example;
      }
    }
  }
}
