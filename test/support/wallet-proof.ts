import type { LocalAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import type { TestApp } from './test-app';

/** Signed wallet-proof headers for `account`; `overrides` bend one field of the message. */
export async function walletProof(
  t: TestApp,
  account: LocalAccount,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  signer: LocalAccount = account,
  noncePath = '/scanner/api/v1/auth/nonce',
): Promise<Record<string, string>> {
  const g = (await t.http.get(noncePath).expect(200)).body as {
    nonce: string;
    domain: string;
    uri: string;
    chain_id: number;
  };
  const message = createSiweMessage({
    address: account.address,
    chainId: g.chain_id,
    domain: g.domain,
    nonce: g.nonce,
    uri: g.uri,
    version: '1',
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 60_000),
    ...overrides,
  });
  const signature = await signer.signMessage({ message });
  return { 'X-Wallet-Message': Buffer.from(message).toString('base64'), 'X-Wallet-Signature': signature };
}
