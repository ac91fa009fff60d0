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

interface ShutdownLog {
  info(obj: object, msg: string): void;
  error(msg: string): void;
}

/**
 * Stops the process once, on SIGTERM or SIGINT (or whatever calls `begin`): logs `doing`, runs `stop`,
 * exits 0; exits 1 when `stop` outlasts `timeoutMs`. `stopping()` tells whether it has begun.
 */
export function stopOnSignals(
  log: ShutdownLog,
  p: { doing: string; timeoutMs: number; stop: () => Promise<void> },
): { begin: (signal: NodeJS.Signals) => void; stopping: () => boolean } {
  let stopping = false;
  const begin = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `Shutting down: ${p.doing}`);
    setTimeout(() => {
      log.error('Shutdown timed out; exiting');
      process.exit(1);
    }, p.timeoutMs).unref();
    void p.stop().finally(() => process.exit(0));
  };
  process.once('SIGTERM', begin);
  process.once('SIGINT', begin);
  return { begin, stopping: () => stopping };
}
