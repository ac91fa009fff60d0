/**
 * The web console in a real browser: Debian's Chromium driven by playwright-core against the service
 * (its pages built by Vite, served by the app itself) on the devnet. Screenshots of each step go to
 * test-artifacts/web-console/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createPublicClient, createWalletClient, erc20Abi, getAddress, http, parseAbi, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readManifest } from '../devnet';
import { ROOMY_UPSTREAMS } from './support/scanning-app';
import { bootTestApp, type TestApp } from './support/test-app';
import { ensureBuilt } from './support/build';

const root = join(__dirname, '..');
const SHOTS = join(root, 'test-artifacts', 'web-console');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const manifest = readManifest();

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: unknown[];
}

/** axe-core's check of the page as it is now: the violations that matter (serious or critical). */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the page's own CSP (script-src 'self') would refuse an inline tag.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(
    async () =>
      (await (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe.run())
        .violations,
  );
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('Web console (Chromium)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(
        `Chromium is not at ${CHROMIUM}: apt-get install chromium (npm test does it as root), or set CHROMIUM_PATH`,
      );
    await ensureBuilt();
    await mkdir(SHOTS, { recursive: true });
    // Job workers in the process, as `npm start` runs them: the console follows its scans as jobs.
    t = await bootTestApp({ env: { ...ROOMY_UPSTREAMS, PROCESS_ROLE: 'all', JOB_POLL_SECONDS: '0.5' } });
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  it('shows the landing page at / with the surfaces and the links to the docs and the console', async () => {
    const res = await page.goto(`${base}/`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/safe to touch/);
    expect(await page.getByRole('link', { name: 'API docs' }).getAttribute('href')).toBe('/docs');
    expect(await page.getByRole('link', { name: /OpenAPI document/ }).getAttribute('href')).toBe('/v1/openapi.json');
    await shot('1-landing');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('gives a person a key, shown once with a copy button, kept out of the URL', async () => {
    await page.getByRole('link', { name: 'Scan a token' }).click();
    await page.waitForURL(`${base}/console`);
    await page.getByLabel('Name or project').fill('Browser test');
    await page.getByLabel('Email').fill('browser@example.com');
    await page.getByLabel('What you will use it for').fill('checking tokens before buying');
    await page.getByRole('button', { name: 'Request a key' }).click();
    const key = await page.getByTestId('issued-key').textContent();
    expect(key).toMatch(/^ta_[0-9a-f]{64}$/);
    await expect(page.getByRole('button', { name: 'Copy' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('shown once').isVisible()).resolves.toBe(true);
    expect(page.url()).not.toContain(key!);
    await shot('2-key');
  });

  it('scans the devnet honeypot and shows an F with the cannot-sell verdict and its evidence', async () => {
    // eth is offered as what serves it, the devnet (its id from GET plans); a chain only a mainnet node serves keeps its own.
    const options = page.locator('select[name="chain"] option');
    await options.filter({ hasText: 'eth (31337)' }).waitFor({ state: 'attached' });
    await expect(options.allTextContents()).resolves.toEqual([
      'eth (31337)',
      'bsc (56)',
      'polygon (137)',
      'arbitrum (42161)',
      'optimism (10)',
      'devnet (31337)',
    ]);
    await page.getByLabel('Token or pair address').fill(manifest.tokens.honeypot.address);
    const progress = page.getByTestId('progress').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Scan' }).click();
    // The scan runs as a job: its sections are listed as they finish.
    await progress;
    await expect(page.getByTestId('progress').textContent()).resolves.toMatch(/sections done/);
    await shot('3a-progress');
    const grade = page.getByTestId('grade');
    await grade.waitFor({ timeout: 60_000 });
    expect(await grade.getAttribute('aria-label')).toMatch(/^Grade F,/);
    expect(await page.locator('.report .verdict h3').textContent()).toBe(
      'Honey Pot (HONEY) on Local devnet (chain 31337)',
    );
    expect(await page.getByTestId('honeypot').textContent()).toMatch(/HONEYPOT|CANNOT_SELL/);
    expect(await page.getByTestId('simulation').textContent()).toMatch(/sell/i);
    // The refusal explained: the whitelist the sell reads, the function that sets it and who holds it.
    expect(await page.getByTestId('simulation').textContent()).toMatch(
      /decided by whitelist_only through `setWhitelisted\(address,bool\)`, held by the owner/,
    );
    expect(await page.getByTestId('findings').textContent()).toMatch(
      /whitelist only via setWhitelisted\(address,bool\)/,
    );
    await shot('3-honeypot');
  });

  it('scans the clean token and shows its holder chart', async () => {
    await page.getByLabel('Token or pair address').fill(manifest.tokens.clean.address);
    await page.getByRole('button', { name: 'Scan' }).click();
    await page.getByTestId('holder-chart').waitFor({ timeout: 60_000 });
    // Its pools, their LP tokens, wash trading and snipers, each in words.
    expect(await page.getByTestId('pools').textContent()).toMatch(/v2/);
    expect(await page.getByTestId('lp-locks').textContent()).toMatch(/% burned/);
    expect(await page.getByTestId('wash').textContent()).not.toBe('');
    expect(await page.getByTestId('snipers').textContent()).not.toBe('');
    expect(await page.getByTestId('grade').getAttribute('aria-label')).not.toMatch(/^Grade F,/);
    expect(await page.getByTestId('holder-chart').getByRole('img').getAttribute('aria-label')).toMatch(
      /^Top 10 \d+(\.\d)?%/,
    );
    // Who holds it, on demand: the pool's share and the largest holders.
    await page.getByRole('button', { name: 'Show who holds it' }).click();
    const breakdown = page.getByTestId('holder-breakdown');
    await breakdown.waitFor();
    expect(await breakdown.getByRole('img').getAttribute('aria-label')).toMatch(
      /^Pools \d+(\.\d)?%, 0x[0-9a-fA-F]{4}…/,
    );
    await shot('4-clean');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lists the owner powers the engine proved, each with its severity, whether it is live, and its evidence', async () => {
    await page.getByLabel('Token or pair address').fill(manifest.tokens.powers.address);
    await page.getByRole('button', { name: 'Scan' }).click();
    const findings = page.getByTestId('findings');
    await findings.waitFor({ timeout: 60_000 });
    const text = (await findings.textContent()) ?? '';
    for (const kind of ['mint', 'pause', 'blacklist']) expect(text).toContain(kind);
    expect(text).toMatch(/(CRITICAL|HIGH)/);
    expect(text).toContain('(live)');
    await shot('4b-powers');
  });

  it('says what is wrong with a bad address, readably', async () => {
    await page.getByLabel('Token or pair address').fill('0x1234');
    await page.getByRole('button', { name: 'Scan' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/not an address/);
    await shot('5-bad-address');
  });

  it("says so readably when the address is not a token (the service's own answer, through the job)", async () => {
    await page.getByLabel('Token or pair address').fill(manifest.wallets[0].address);
    await page.getByRole('button', { name: 'Scan' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.textContent()).toMatch(/token|contract/i);
    await shot('5b-not-a-token');
  });

  it("shows the key's plan, quota and the calls just made", async () => {
    const usage = page.getByRole('button', { name: /usage/i });
    const table = page.getByTestId('recent-calls');
    // Calls are recorded in batches after their answers: refreshed until the scans are listed (bounded by the test's timeout).
    for (;;) {
      await usage.click();
      await table.waitFor();
      if (((await table.textContent()) ?? '').includes('POST /api/v1/token/scan')) break;
    }
    expect(await page.getByTestId('usage').textContent()).toMatch(/free/);
    expect(await page.getByTestId('calls-per-day').getByRole('img').getAttribute('aria-label')).toMatch(
      /over the last 30 days: [1-9]\d* in all, [1-9]\d* today/,
    );
    await shot('5a-usage');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('is usable from the keyboard: an address typed and Enter scans it', async () => {
    const field = page.getByLabel('Token or pair address');
    await field.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(manifest.tokens.honeypot.address);
    await page.keyboard.press('Enter');
    // The page showed the clean token's report before: this one is the honeypot's.
    await page.getByRole('img', { name: /^Grade F,/ }).waitFor({ timeout: 60_000 });
  });

  it('gives a developer a 10-scan test key for a wallet', async () => {
    const fresh = await browser.newPage();
    await fresh.goto(`${base}/console`);
    await fresh.getByLabel('Your wallet address').fill(manifest.wallets[0].address);
    await fresh.getByRole('button', { name: 'Get a test key' }).click();
    expect(await fresh.getByTestId('issued-key').textContent()).toMatch(/^test_/);
    await fresh.screenshot({ path: join(SHOTS, '7-test-key.png'), fullPage: true });
    await fresh.close();
  });

  it('shows how to buy a plan: prices, the treasury, the steps, and the curl commands when the browser has no wallet', async () => {
    const steps = page.getByTestId('pay-steps');
    await steps.waitFor();
    expect(await page.getByTestId('treasury').textContent()).toBe(getAddress(manifest.treasury));
    expect(await steps.textContent()).toMatch(/Send 199 USDC/);
    expect(await page.getByTestId('no-wallet').textContent()).toMatch(/purchase-plan/);
  });

  it('buys a plan with an injected wallet: pay, paste the hash, sign, and the key is shown once', async () => {
    const payer = manifest.wallets.find((w) => w.roles.includes('payer'))!;
    const account = privateKeyToAccount(payer.privateKey as `0x${string}`);
    const chain = {
      id: manifest.chainId,
      name: 'devnet',
      nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] as string[] } },
    };
    const rpc = http(process.env.TEST_DEVNET_RPC_URL!);
    const hash = await createWalletClient({ account, chain, transport: rpc }).writeContract({
      address: manifest.contracts.USDC as `0x${string}`,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [manifest.treasury as `0x${string}`, parseUnits('199', 6)],
    });
    await createPublicClient({ transport: rpc, pollingInterval: 50 }).waitForTransactionReceipt({ hash });

    // An EIP-1193 wallet in the page whose key stays in this test: it signs what the page asks.
    const buyer = await browser.newPage();
    buyer.on('pageerror', (error) => consoleErrors.push(error.message));
    await buyer.exposeFunction('__testWalletSign', (hexMessage: `0x${string}`) =>
      account.signMessage({ message: { raw: hexMessage } }),
    );
    await buyer.addInitScript((address: string) => {
      const sign = (window as unknown as { __testWalletSign: (m: string) => Promise<string> }).__testWalletSign;
      (window as unknown as { ethereum: unknown }).ethereum = {
        request: async ({ method, params }: { method: string; params?: unknown[] }) => {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
          if (method === 'personal_sign') return sign((params as string[])[0]);
          throw new Error(`unsupported ${method}`);
        },
      };
    }, account.address);
    await buyer.goto(`${base}/console`);
    await buyer.getByLabel('Transaction hash').fill(hash);
    await buyer.getByRole('button', { name: 'Sign with my wallet and buy' }).click();
    const bought = buyer.getByTestId('bought');
    await bought.waitFor({ timeout: 30_000 });
    expect(await bought.getByTestId('issued-key').textContent()).toMatch(/^ta_[0-9a-f]{64}$/);
    expect(await bought.textContent()).toMatch(/Plan pro bought/);
    await buyer.screenshot({ path: join(SHOTS, '8-bought.png'), fullPage: true });
    await buyer.close();
  });

  it('watches a token: the owner pauses it, and the alert shows up live, saying what changed', async () => {
    const rpcUrl = process.env.TEST_DEVNET_RPC_URL!;
    const rpc = async (method: string, params: unknown[] = []) =>
      (
        (await (
          await fetch(rpcUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
        ).json()) as { result: string }
      ).result;
    const powers = manifest.tokens.powers;
    const owner = createWalletClient({ account: getAddress(powers.owner), transport: http(rpcUrl) });
    const chain = createPublicClient({ transport: http(rpcUrl) });
    await page.getByRole('button', { name: 'Show watches' }).click();
    await page.getByLabel('Token to watch').fill(powers.address);
    await page.getByRole('button', { name: 'Watch', exact: true }).click();
    const stop = page.getByRole('button', { name: /^Stop watching 0x/ });
    await stop.waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('watches').textContent()).toMatch(/1 of 3 watches/);
    const before = await rpc('evm_snapshot');
    try {
      const hash = await owner.writeContract({
        address: getAddress(powers.address),
        abi: parseAbi(['function pause()']),
        functionName: 'pause',
        chain: null,
      });
      await chain.waitForTransactionReceipt({ hash });
      // The watcher (this process runs it, as `npm start` does) sees the block; the stream brings the alert.
      await page
        .getByTestId('alerts')
        .getByText(/now in use: pause/)
        .waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('alerts').textContent()).toMatch(/trading open → closed/);
      expect(await page.getByTestId('watches').textContent()).toMatch(/closed\s*pause/);
      await shot('9-watch-alert');
      expect(await seriousViolations(page)).toEqual([]);
      await stop.click();
      await stop.waitFor({ state: 'detached' });
    } finally {
      await rpc('evm_revert', [before]);
    }
  });

  it('works on a phone-sized window', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/console`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot('6-phone');
  });

  it("serves exactly its pages and assets: anything else under them is still the API's 404", async () => {
    const head = await t.http.head('/console').expect(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.headers['content-security-policy']).toContain("script-src 'self'");
    for (const path of ['/console/', '/console/x', '/assets/missing.js', '/index.html']) {
      const res = await t.http.get(path).expect(404);
      expect(res.body).toMatchObject({ success: false, error: { code: 404 } });
    }
  });

  it('logged no browser console errors on any page', () => {
    expect(consoleErrors).toEqual([]);
  });
});
