import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MetricsService } from '../../../common/metrics/metrics.service';
import { AppConfig } from '../../../config/app-config';
import { answerProblem, answerScrape, METRICS_PATH } from './metrics-endpoint';

/**
 * With METRICS_PORT, /metrics is served on that port alone (on HOST), and nothing else is: a port a
 * firewall can keep apart from the API's. METRICS_TOKEN, when set, is required there too.
 */
@Injectable()
export class MetricsPortServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MetricsPortServer.name);
  private server?: Server;

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.metrics.port;
    if (port === undefined) return;
    const policy = { token: this.config.metrics.token, loopbackOnly: false };
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== METRICS_PATH)
        return answerProblem(res, {
          kind: 'not_found',
          status: 404,
          message: `Only ${METRICS_PATH} is served on this port`,
          expected: true,
        });
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return answerProblem(res, {
          kind: 'method_not_allowed',
          status: 405,
          message: `${METRICS_PATH} answers GET`,
          headers: { Allow: 'GET, HEAD' },
          expected: true,
        });
      }
      void answerScrape(this.metrics, policy, req, res, req.socket.remoteAddress);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.host, () => resolve());
    });
    this.server = server;
    this.logger.log(`Metrics served on ${this.config.host}:${(server.address() as AddressInfo).port}${METRICS_PATH}`);
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
