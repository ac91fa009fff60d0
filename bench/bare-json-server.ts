/**
 * The yardstick of the many-keys bench (bench/many-keys.ts): a bare `node:http` server answering every
 * request, once its body is read, with 200 and the JSON in BARE_BODY_FILE. BARE_PROCESSES=N (default 1)
 * runs N of them sharing PORT through node:cluster, as the service's API processes do.
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const processes = Number(process.env.BARE_PROCESSES ?? 1);

if (processes > 1 && cluster.isPrimary) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const body = readFileSync(process.env.BARE_BODY_FILE!);
  createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    });
  }).listen(Number(process.env.PORT), '127.0.0.1');
}
