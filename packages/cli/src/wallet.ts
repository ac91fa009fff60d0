import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isHex, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createTokenAnalysisClient, getScannerNonce } from '../../sdk/src';
import { UsageError } from './usage-error';

/** What a command prints: `text` for a shell (`eval "$(tas wallet …)"`), `json` with --json. */
export interface WalletOutput {
  json: Record<string, unknown>;
  text: string;
  /** A note for the person, on stderr, so it never reaches `eval`. */
  note: string;
}

interface DemoWallet {
  name: string;
  privateKey: string;
}

/**
 * Signs a wallet proof: the Sign-In with Ethereum message the service issues for this wallet (GET
 * /scanner/api/v1/auth/nonce?wallet=, at `baseUrl`, so the message names the host the next call must
 * use), or `message` when given. Answers the three values the proof headers need.
 */
export async function signWalletProof(options: {
  account: PrivateKeyAccount;
  baseUrl: string;
  message?: string;
}): Promise<WalletOutput> {
  const { account } = options;
  let message = options.message;
  let expiresAt: string | undefined;
  if (message === undefined) {
    const client = createTokenAnalysisClient({ baseUrl: options.baseUrl });
    const grant = await getScannerNonce({ client, query: { wallet: account.address }, throwOnError: true });
    if (!grant.data.message) throw new Error('the service answered a nonce without a message to sign');
    message = grant.data.message;
    expiresAt = grant.data.expires_at;
  }
  const signature = await account.signMessage({ message });
  const messageB64 = Buffer.from(message).toString('base64');
  return {
    json: {
      wallet: account.address,
      message,
      signature,
      headers: { 'X-Wallet-Message': messageB64, 'X-Wallet-Signature': signature },
      ...(expiresAt ? { expires_at: expiresAt } : {}),
    },
    text: `WALLET=${account.address}\nWALLET_MESSAGE=${messageB64}\nWALLET_SIGNATURE=${signature}\n`,
    note:
      '# Send -H "X-Wallet-Message: $WALLET_MESSAGE" -H "X-Wallet-Signature: $WALLET_SIGNATURE" with one call: ' +
      `the nonce is single-use${expiresAt ? ` and expires at ${expiresAt}` : ''}; sign again for the next call.\n`,
  };
}

/** A throwaway wallet: a random private key and its address, as shell assignments. */
export function newWallet(): WalletOutput {
  const privateKey = generatePrivateKey();
  const address = privateKeyToAccount(privateKey).address;
  return {
    json: { wallet: address, private_key: privateKey },
    text: `WALLET=${address}\nexport TAS_PRIVATE_KEY=${privateKey}\n`,
    note: '# A new wallet; `tas wallet sign` signs with TAS_PRIVATE_KEY. Keep the key if the wallet will hold anything.\n',
  };
}

/**
 * The account that signs: a demo wallet of the devnet by name (anvil's public dev keys, listed in
 * devnet/manifest.json), else the private key in TAS_PRIVATE_KEY. Never a key on the command line:
 * it would stay in the shell's history.
 */
export function signingAccount(options: { name?: string; env: NodeJS.ProcessEnv }): PrivateKeyAccount {
  if (options.name) return privateKeyToAccount(demoWallet(options.name).privateKey as Hex);
  const key = options.env.TAS_PRIVATE_KEY;
  if (!key) {
    throw new UsageError(
      'no wallet: pass --wallet <demo wallet> (payer1, staker1, … of devnet/manifest.json) or set TAS_PRIVATE_KEY (`tas wallet new` makes one)',
    );
  }
  if (!isHex(key) || key.length !== 66) throw new UsageError('TAS_PRIVATE_KEY is not a 0x-prefixed 32-byte hex key');
  return privateKeyToAccount(key);
}

function demoWallet(name: string): DemoWallet {
  const path = findManifest();
  if (!path) throw new UsageError('no devnet/manifest.json found: demo wallets exist in the repository only');
  const { wallets } = JSON.parse(readFileSync(path, 'utf8')) as { wallets: DemoWallet[] };
  const wallet = wallets.find((w) => w.name === name);
  if (!wallet) throw new UsageError(`no demo wallet "${name}" (one of ${wallets.map((w) => w.name).join(', ')})`);
  return wallet;
}

/** devnet/manifest.json above the working directory, else above the CLI itself (when run from elsewhere). */
function findManifest(): string | undefined {
  for (const start of [process.cwd(), __dirname]) {
    for (let dir = start; ; dir = dirname(dir)) {
      const candidate = join(dir, 'devnet', 'manifest.json');
      if (existsSync(candidate)) return candidate;
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}
