/**
 * Buys a plan on the embedded defaults, end to end, the way a customer would:
 *   npm start                                # in another terminal
 *   npm run demo:purchase -- --plan pro      # starter | pro | team
 *
 * Pays the plan's price in the devnet's USDC from a demo payer wallet to the treasury, signs a
 * Sign-In with Ethereum proof with the same wallet, calls POST /scanner/api/v1/purchase-plan and
 * prints the key. Options: --plan, --api (default $TAS_URL, else http://127.0.0.1:$PORT or 3000), --rpc (default
 * http://127.0.0.1:$DEVNET_PORT or 8545), --payer (payer1 | payer2).
 */
import { parseArgs } from 'node:util';
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readManifest } from '../devnet';
import { PLAN_CATALOG, PURCHASABLE_PLANS, type PurchasablePlan } from '../src/accounts/plans/plan-catalog';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      plan: { type: 'string', default: 'pro' },
      api: { type: 'string', default: process.env.TAS_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}` },
      rpc: { type: 'string', default: `http://127.0.0.1:${process.env.DEVNET_PORT ?? 8545}` },
      payer: { type: 'string', default: 'payer1' },
    },
  });
  const plan = values.plan as PurchasablePlan;
  if (!PURCHASABLE_PLANS.includes(plan)) throw new Error(`--plan must be one of ${PURCHASABLE_PLANS.join(', ')}`);
  const manifest = readManifest();
  const payer = manifest.wallets.find((w) => w.name === values.payer);
  if (!payer) throw new Error(`No demo wallet named ${values.payer} in devnet/manifest.json`);
  const account = privateKeyToAccount(payer.privateKey as Hex);
  const chain = {
    id: manifest.chainId,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [values.rpc!] } },
  };
  const wallet = createWalletClient({ account, chain, transport: http(values.rpc) });
  const reader = createPublicClient({ chain, transport: http(values.rpc), pollingInterval: 100 });

  const price = PLAN_CATALOG[plan].priceUsd!;
  console.log(`1. ${payer.name} (${account.address}) pays ${price} USDC to the treasury ${manifest.treasury}`);
  const hash = await wallet.writeContract({
    address: manifest.contracts.USDC as Hex,
    abi: erc20Abi,
    functionName: 'transfer',
    // A few random micro-dollars on top: the devnet restarts from its saved state, and an otherwise
    // identical transfer from the same nonce would have the same hash as a payment already used.
    args: [manifest.treasury as Hex, parseUnits(String(price), 6) + BigInt(Math.floor(Math.random() * 1000))],
  });
  const receipt = await reader.waitForTransactionReceipt({ hash });
  console.log(`   transaction ${hash} mined in block ${receipt.blockNumber}`);

  console.log('2. signs a wallet proof (Sign-In with Ethereum) with the same wallet');
  const grant = (await (await fetch(`${values.api}/scanner/api/v1/auth/nonce?wallet=${account.address}`)).json()) as {
    message: string;
  };
  const signature = await account.signMessage({ message: grant.message });

  console.log(`3. POST ${values.api}/scanner/api/v1/purchase-plan`);
  const res = await fetch(`${values.api}/scanner/api/v1/purchase-plan`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Wallet-Message': Buffer.from(grant.message).toString('base64'),
      'X-Wallet-Signature': signature,
    },
    body: JSON.stringify({ wallet: account.address, plan, transaction_hash: hash, chain: 'eth' }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  console.log(`   HTTP ${res.status}`);
  console.log(JSON.stringify(body, null, 2));
  if (res.status !== 201) process.exit(1);
  console.log(`\nYour ${plan} key (shown once): ${String(body.api_key)}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
