import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../../config/app-config';

export const SECURITY_A = 'ServiceApiKey';
export const SECURITY_BEARER = 'BearerAuth';

/** The OpenAPI description of all three surfaces at /v1/openapi.json, and Swagger UI at /docs. */
export function setupOpenApi(app: INestApplication, config: AppConfig): OpenAPIObject {
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
        ].join('\n\n'),
      )
      .setVersion(config.version)
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Service-API-Key', description: 'Surface A key' }, SECURITY_A)
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Surface B and C key' }, SECURITY_BEARER)
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'v1/openapi.json', yamlDocumentUrl: 'v1/openapi.yaml' });
  return document;
}
