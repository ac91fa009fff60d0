import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';

/**
 * Stops taking connections, lets in-flight requests finish, then closes the app (pools included).
 * Idle keep-alive connections would hold the close until their timeout, so they are cut as soon as
 * they fall idle.
 */
export async function closeGracefully(app: INestApplication): Promise<void> {
  const server = app.getHttpServer() as Server;
  const sweep = setInterval(() => server.closeIdleConnections?.(), 50);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
