import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createSpinner } from 'nanospinner';
import { createColors } from 'picocolors';
import {
  createTokenAnalysisClient,
  createWatch,
  deleteWatch,
  isScanJob,
  getUsageStats,
  listWatchAlerts,
  listWatches,
  requestApiKey,
  scanToken,
  scanTokenBatch,
  validateApiKey,
  type Client,
  type ScanTokenBatchResponse,
  type ScanTokenData,
} from '../../sdk/src';
import { atOrBelow, GRADES, isGrade, renderScan, type Grade } from './render';
import { parseTokenList } from './token-list';
import { UsageError } from './usage-error';
import { newWallet, signingAccount, signWalletProof, type WalletOutput } from './wallet';

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** Exit codes: what a CI pipeline branches on. */
export const EXIT = { ok: 0, verdict: 1, usage: 2, failed: 3 } as const;

const BATCH_SIZE = 50;

type BatchItem = ScanTokenBatchResponse['data']['results'][number];
/** A chain as typed on the command line: the service checks it and names what is wrong. */
type ChainInput = NonNullable<ScanTokenData['body']['chain']>;

const HELP = `tas: the Token Analysis API from a terminal

Usage:
  tas scan <address> [--chain eth] [--fail-under <grade>] [--json]
  tas scan --file tokens.txt [--chain eth] [--fail-under <grade>] [--json]
  tas key request --name <name> --email <email> --usage <text> [--json]
  tas key validate [--json]
  tas usage [--json]
  tas watch <address> [--chain eth] [--callback-url <url>] [--json]
  tas watch list | tas watch delete <id> | tas watch alerts [--after <id>] [--json]
  tas wallet new [--json]
  tas wallet sign [--wallet <demo wallet>] [--message <text>] [--json]

Options:
  --url <url>          the service (default: $TAS_URL or http://127.0.0.1:3000)
  --key <key>          the API key (default: $TAS_API_KEY)
  --chain <chain>      a chain name (eth, bsc, …) or id (1, 56, …); default eth
  --file <path>        one token per line: <address> [chain]; # starts a comment
  --fail-under <grade> exit 1 when a grade is at or below this one (${GRADES.join(', ')})
  --wallet <name>      a demo wallet of devnet/manifest.json (payer1, staker1, …); default $TAS_PRIVATE_KEY
  --message <text>     sign this text instead of a new wallet-proof nonce's message
  --callback-url <url> where the service POSTs the watch's alerts (signed)
  --after <id>         alerts after this one (the last id read; default: from the first)
  --json               print the API's JSON answer instead of text

wallet sign prints WALLET, WALLET_MESSAGE and WALLET_SIGNATURE for eval "$(tas wallet sign)": the
X-Wallet-Message and X-Wallet-Signature headers of one call (the nonce is single-use).

Exit codes: 0 done, 1 a verdict at or below --fail-under, 2 bad usage (a missing --file too), 3 the
call failed (with --file: any token failed; its error is printed, the others still are).
`;

/** Runs one command line; answers the exit code. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const colours = createColors(wantsColour(io));
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        chain: { type: 'string' },
        file: { type: 'string' },
        'fail-under': { type: 'string' },
        json: { type: 'boolean', default: false },
        name: { type: 'string' },
        email: { type: 'string' },
        usage: { type: 'string' },
        wallet: { type: 'string' },
        message: { type: 'string' },
        'callback-url': { type: 'string' },
        after: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help || !command) {
      io.stdout.write(HELP);
      return command || values.help ? EXIT.ok : EXIT.usage;
    }
    const context: Context = {
      io,
      colours,
      json: values.json ?? false,
      baseUrl: values.url ?? io.env.TAS_URL ?? 'http://127.0.0.1:3000',
      key: values.key ?? io.env.TAS_API_KEY,
    };
    switch (command) {
      case 'scan':
        return await scan(context, {
          address: rest[0],
          file: values.file,
          chain: values.chain,
          failUnder: gradeOption(values['fail-under']),
        });
      case 'key':
        if (rest[0] === 'request')
          return await requestKey(context, { name: values.name, email: values.email, usage: values.usage });
        if (rest[0] === 'validate') return await validateKey(context);
        throw new UsageError('tas key request | tas key validate');
      case 'usage':
        return await usage(context);
      case 'wallet':
        return await wallet(context, { subcommand: rest[0], wallet: values.wallet, message: values.message });
      case 'watch':
        return await watch(context, {
          args: rest,
          chain: values.chain,
          callbackUrl: values['callback-url'],
          after: values.after,
        });
      default:
        throw new UsageError(`unknown command "${command}" (tas --help)`);
    }
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(`${colours.red('tas:')} ${(err as Error).message}\n`);
      return EXIT.usage;
    }
    io.stderr.write(`${colours.red('tas:')} ${describeFailure(err)}\n`);
    return EXIT.failed;
  }
}

interface Context {
  io: CliIo;
  colours: ReturnType<typeof createColors>;
  json: boolean;
  baseUrl: string;
  key: string | undefined;
}

function wantsColour(io: CliIo): boolean {
  if (io.env.NO_COLOR) return false;
  if (io.env.FORCE_COLOR) return io.env.FORCE_COLOR !== '0';
  return io.stdout.isTTY === true;
}

function gradeOption(value: string | undefined): Grade | undefined {
  if (value === undefined) return undefined;
  const grade = value.toUpperCase();
  if (!isGrade(grade)) throw new UsageError(`--fail-under must be one of ${GRADES.join(', ')}`);
  return grade;
}

function keyedClient(context: Context): Client {
  if (!context.key) throw new UsageError('no API key: pass --key or set TAS_API_KEY (get one with `tas key request`)');
  return createTokenAnalysisClient({ baseUrl: context.baseUrl, apiKey: context.key });
}

/** Shows a spinner on a terminal while `work` runs (never in --json mode or when stderr is not a terminal). */
async function waitFor<T>(context: Context, text: string, work: Promise<T>): Promise<T> {
  if (context.json || !context.io.stderr.isTTY) return work;
  // nanospinner types its stream as a tty.WriteStream; it writes and reads isTTY only.
  const spinner = createSpinner(text, { stream: context.io.stderr as NodeJS.WriteStream }).start();
  try {
    return await work;
  } finally {
    spinner.clear();
  }
}

function print(context: Context, json: unknown, text: () => string): void {
  context.io.stdout.write(context.json ? `${JSON.stringify(json, null, 2)}\n` : text());
}

async function scan(
  context: Context,
  options: { address?: string; file?: string; chain?: string; failUnder?: Grade },
): Promise<number> {
  if (options.file) return scanFile(context, { ...options, file: options.file });
  if (!options.address) throw new UsageError('tas scan <address> (or --file tokens.txt)');
  const client = keyedClient(context);
  const answer = await waitFor(
    context,
    `Scanning ${options.address}…`,
    scanToken({
      client,
      body: { contract_address: options.address, chain: (options.chain ?? 'eth') as ChainInput },
      throwOnError: true,
    }),
  );
  if (isScanJob(answer.data)) throw new Error('the service answered with a job, not a report');
  const data = answer.data.data;
  print(context, answer.data, () => renderScan(data, context.colours));
  return options.failUnder && atOrBelow(data.grade, options.failUnder) ? EXIT.verdict : EXIT.ok;
}

async function scanFile(
  context: Context,
  options: { file: string; chain?: string; failUnder?: Grade },
): Promise<number> {
  const text = await readFile(options.file, 'utf8').catch((err: Error) => {
    throw new UsageError(`cannot read ${options.file}: ${err.message}`);
  });
  const tokens = parseTokenList(text, options.chain ?? 'eth');
  if (tokens.length === 0) throw new UsageError(`${options.file} lists no token`);
  const client = keyedClient(context);
  const results: BatchItem[] = [];
  for (let start = 0; start < tokens.length; start += BATCH_SIZE) {
    const chunk = tokens.slice(start, start + BATCH_SIZE);
    const answer = await waitFor(
      context,
      `Scanning tokens ${start + 1}–${start + chunk.length} of ${tokens.length}…`,
      scanTokenBatch({ client, body: { tokens: chunk }, throwOnError: true }),
    );
    results.push(...answer.data.data.results.map((r) => ({ ...r, index: r.index + start })));
  }
  const c = context.colours;
  print(context, { results }, () =>
    results
      .map((r) =>
        r.success
          ? renderScan(r.data, c)
          : `${c.red('Failed')} ${r.contract_address} on ${r.chain}: ${r.error.message}\n`,
      )
      .join('\n'),
  );
  const failing = options.failUnder && results.some((r) => r.success && atOrBelow(r.data.grade, options.failUnder!));
  if (failing) return EXIT.verdict;
  return results.every((r) => r.success) ? EXIT.ok : EXIT.failed;
}

async function requestKey(
  context: Context,
  options: { name?: string; email?: string; usage?: string },
): Promise<number> {
  if (!options.name || !options.email || !options.usage)
    throw new UsageError('tas key request --name <name> --email <email> --usage <text>');
  const client = createTokenAnalysisClient({ baseUrl: context.baseUrl });
  const answer = await requestApiKey({
    client,
    body: { client_name: options.name, email: options.email, intended_usage: options.usage },
    throwOnError: true,
  });
  const key = answer.data.data;
  const c = context.colours;
  print(context, answer.data, () =>
    [
      `${c.bold('API key:')} ${key.api_key}`,
      c.yellow('Shown only once: store it now (e.g. export TAS_API_KEY=…).'),
      `Tier ${key.tier}, ${key.rate_limit}, expires ${key.expires_at}`,
      '',
    ].join('\n'),
  );
  return EXIT.ok;
}

async function validateKey(context: Context): Promise<number> {
  const answer = await validateApiKey({ client: keyedClient(context), throwOnError: true });
  const key = answer.data.data;
  print(
    context,
    answer.data,
    () =>
      `Valid ${key.tier} key, ${key.rate_limit}, ${key.remaining_quota ?? 'unlimited'} scans left, expires ${key.expires_at}\n`,
  );
  return EXIT.ok;
}

async function usage(context: Context): Promise<number> {
  const answer = await getUsageStats({ client: keyedClient(context), throwOnError: true });
  const stats = answer.data.stats;
  print(context, answer.data, () =>
    [
      `${context.colours.bold('Usage')} on the ${stats.plan} plan`,
      `Calls: ${stats.total_calls} in all, ${stats.calls_today} today, ${stats.calls_this_month} this month`,
      `Quota left: ${stats.remaining_quota ?? 'unlimited'} (resets ${stats.quota_reset_date})`,
      '',
    ].join('\n'),
  );
  return EXIT.ok;
}

type WatchFields = NonNullable<Awaited<ReturnType<typeof createWatch<true>>>['data']>['data'];

function renderWatch(w: WatchFields, c: Context['colours']): string {
  const v = w.verdict;
  return `${c.bold(w.id)} ${w.contract_address} on ${w.chain}: grade ${v.grade} (${v.score}), trading ${v.trading}${v.in_use.length ? `, in use: ${v.in_use.join(', ')}` : ''}\n`;
}

/** Watches: create (one scan), list, delete, and read the alerts. */
async function watch(
  context: Context,
  options: { args: string[]; chain?: string; callbackUrl?: string; after?: string },
): Promise<number> {
  const [first, second] = options.args;
  if (!first) throw new UsageError('tas watch <address> | tas watch list | tas watch delete <id> | tas watch alerts');
  const client = keyedClient(context);
  const c = context.colours;
  if (first === 'list') {
    const answer = await listWatches({ client, throwOnError: true });
    const { watches, count, limit } = answer.data.data;
    print(
      context,
      answer.data,
      () => `${count} of ${limit ?? 'unlimited'} watches\n${watches.map((w) => renderWatch(w, c)).join('')}`,
    );
    return EXIT.ok;
  }
  if (first === 'delete') {
    if (!second) throw new UsageError('tas watch delete <id>');
    const answer = await deleteWatch({ client, path: { id: second }, throwOnError: true });
    print(context, answer.data, () => `Deleted watch ${second}\n`);
    return EXIT.ok;
  }
  if (first === 'alerts') {
    const answer = await listWatchAlerts({ client, query: { after: options.after }, throwOnError: true });
    const { alerts, next_after } = answer.data.data;
    print(context, answer.data, () =>
      [
        ...alerts.map(
          (a) =>
            `${c.bold(`#${a.id}`)} ${a.contract_address} block ${a.block}: grade ${a.before.grade} → ${a.after.grade}, trading ${a.before.trading} → ${a.after.trading}${a.change.now_in_use.length ? `, now in use: ${a.change.now_in_use.join(', ')}` : ''}${a.change.findings_added.length ? `; found: ${a.change.findings_added.join('; ')}` : ''} (${a.cause}; ${a.transaction ?? 'no transaction'})\n`,
        ),
        `${alerts.length} alert(s); next: tas watch alerts --after ${next_after}\n`,
      ].join(''),
    );
    return EXIT.ok;
  }
  const answer = await waitFor(
    context,
    `Scanning ${first} to watch it…`,
    createWatch({
      client,
      body: {
        contract_address: first,
        chain: (options.chain ?? 'eth') as ChainInput,
        ...(options.callbackUrl ? { callback_url: options.callbackUrl } : {}),
      },
      throwOnError: true,
    }),
  );
  print(context, answer.data, () => `Watching ${renderWatch(answer.data.data, c)}`);
  return EXIT.ok;
}

async function wallet(
  context: Context,
  options: { subcommand?: string; wallet?: string; message?: string },
): Promise<number> {
  let output: WalletOutput;
  if (options.subcommand === 'new') output = newWallet();
  else if (options.subcommand === 'sign') {
    const account = signingAccount({ name: options.wallet, env: context.io.env });
    output = await waitFor(
      context,
      'Signing…',
      signWalletProof({ account, baseUrl: context.baseUrl, message: options.message }),
    );
  } else throw new UsageError('tas wallet new | tas wallet sign [--wallet <demo wallet>] [--message <text>]');
  print(context, output.json, () => output.text);
  if (!context.json) context.io.stderr.write(context.colours.dim(output.note));
  return EXIT.ok;
}

/** An API error in any surface's envelope, a network failure, or anything else, as one line. */
function describeFailure(err: unknown): string {
  if (err instanceof Error) return err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message;
  if (typeof err === 'object' && err !== null) {
    const body = err as { error?: unknown; message?: unknown };
    if (typeof body.error === 'object' && body.error !== null && 'message' in body.error)
      return String((body.error as { message: unknown }).message);
    if (typeof body.message === 'string') return body.message;
  }
  return JSON.stringify(err);
}
