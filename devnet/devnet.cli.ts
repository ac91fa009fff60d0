/**
 * `npm run devnet`: starts (or reuses) the devnet on DEVNET_PORT (default 8545) with data in
 * DATA_DIR (default .data), prints one summary line and runs until SIGINT/SIGTERM, which save the
 * chain for the next start (as the service's own devnet does).
 */
import { startDevnet } from './index';

async function main(): Promise<void> {
  const port = Number(process.env.DEVNET_PORT ?? 8545);
  const dataDir = process.env.DATA_DIR ?? '.data';
  const started = Date.now();
  const devnet = await startDevnet({ port, dataDir, persist: true, log: (m) => console.error(m) });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `devnet ${devnet.mode} in ${seconds}s: ${devnet.rpcUrl} (chain ${devnet.chainId}, lineage ${devnet.lineage ?? 'unknown'}, history blocks ${devnet.manifest.history.fromBlock}-${devnet.manifest.history.toBlock})`,
  );
  if (devnet.reused) return; // someone else owns that node; nothing to keep alive

  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    void devnet.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // The anvil child handle keeps the event loop (and so this process) alive until shutdown.
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
