import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, type SiweMessage } from 'viem/siwe';
import { FakeChainRegistry, FakeNonceRepository, FIXED_NOW, FixedClock } from '../../../test/fakes';
import { NONCE_LIFETIME_MS, WalletProofError, WalletProofService } from './wallet-proof.service';

const DOMAIN = 'api.example.com';
const signer = privateKeyToAccount(generatePrivateKey());
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function setup(
  chains = [
    { key: 'eth' as const, chainId: 1 },
    { key: 'bsc' as const, chainId: 56 },
  ],
) {
  const clock = new FixedClock();
  const nonces = new FakeNonceRepository();
  const sut = new WalletProofService(nonces, new FakeChainRegistry(chains), clock);
  return { sut, clock, nonces };
}

/** A SIWE message for the signer, with a nonce the service issued unless one is given. */
async function message(sut: WalletProofService, overrides: Partial<SiweMessage> = {}): Promise<string> {
  const nonce = overrides.nonce ?? (await sut.issueNonce({ domain: DOMAIN, uri: `https://${DOMAIN}` })).nonce;
  return createSiweMessage({
    address: signer.address,
    chainId: 1,
    domain: DOMAIN,
    uri: `https://${DOMAIN}`,
    version: '1',
    issuedAt: FIXED_NOW,
    ...overrides,
    nonce,
  });
}

async function signed(text: string, by = signer) {
  return { messageB64: b64(text), signature: await by.signMessage({ message: text }), domain: DOMAIN };
}

describe('WalletProofService', () => {
  describe('issueNonce', () => {
    it('stores a 128-bit nonce for five minutes and names the first served chain', async () => {
      const { sut, nonces } = setup([
        { key: 'bsc', chainId: 56 },
        { key: 'eth', chainId: 1 },
      ]);
      const grant = await sut.issueNonce({ domain: DOMAIN, uri: `https://${DOMAIN}` });
      expect(grant.nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(grant).toMatchObject({
        domain: DOMAIN,
        uri: `https://${DOMAIN}`,
        chainId: 56,
        expiresAt: new Date(FIXED_NOW.getTime() + NONCE_LIFETIME_MS),
      });
      expect(nonces.nonces.get(grant.nonce)).toEqual({ expiresAt: grant.expiresAt, usedAt: null });
    });

    it('writes the message only for a well-formed wallet, checksummed', async () => {
      const { sut } = setup();
      const bad = await sut.issueNonce({ domain: DOMAIN, uri: `https://${DOMAIN}`, wallet: '0x1234' });
      expect(bad.message).toBeUndefined();
      const good = await sut.issueNonce({
        domain: DOMAIN,
        uri: `https://${DOMAIN}`,
        wallet: signer.address.toLowerCase(),
      });
      expect(good.message).toContain(`\n${signer.address}\n`);
      expect(good.message).toContain('Expiration Time: 2026-11-21T12:05:00.000Z');
    });
  });

  describe('verify', () => {
    it('accepts the message it prepared, signed by the wallet, and returns the wallet in lower case', async () => {
      const { sut, nonces } = setup();
      const grant = await sut.issueNonce({ domain: DOMAIN, uri: `https://${DOMAIN}`, wallet: signer.address });
      await expect(sut.verify(await signed(grant.message!))).resolves.toBe(signer.address.toLowerCase());
      expect(nonces.nonces.get(grant.nonce)?.usedAt).toEqual(FIXED_NOW);
    });

    it('accepts a proof once: a replay finds its nonce used', async () => {
      const { sut } = setup();
      const proof = await signed(await message(sut));
      await sut.verify(proof);
      await expect(sut.verify(proof)).rejects.toThrow('the nonce is unknown, expired or already used');
    });

    it('refuses a nonce it never issued, and one older than five minutes', async () => {
      const { sut, clock } = setup();
      await expect(sut.verify(await signed(await message(sut, { nonce: 'a'.repeat(32) })))).rejects.toThrow(
        /nonce is unknown/,
      );
      const stale = await signed(await message(sut));
      clock.advance(NONCE_LIFETIME_MS);
      await expect(sut.verify(stale)).rejects.toThrow(/nonce is unknown, expired/);
    });

    it('asks for both headers when either is missing', async () => {
      const { sut } = setup();
      const { messageB64 } = await signed(await message(sut));
      await expect(sut.verify({ messageB64, signature: undefined, domain: DOMAIN })).rejects.toThrow(
        /X-Wallet-Message .* X-Wallet-Signature/,
      );
      await expect(sut.verify({ messageB64: undefined, signature: '0x12', domain: DOMAIN })).rejects.toBeInstanceOf(
        WalletProofError,
      );
    });

    it('refuses text that is not a SIWE message', async () => {
      const { sut } = setup();
      await expect(sut.verify(await signed('hello'))).rejects.toThrow(
        'Wallet proof rejected: X-Wallet-Message is not a SIWE message',
      );
    });

    it('refuses a message for another domain or an unserved chain', async () => {
      const { sut } = setup();
      await expect(sut.verify(await signed(await message(sut, { domain: 'evil.example' })))).rejects.toThrow(
        'the message is for evil.example, not api.example.com',
      );
      await expect(sut.verify(await signed(await message(sut, { chainId: 137 })))).rejects.toThrow(
        'chain id 137 is not served here',
      );
      await expect(sut.verify(await signed(await message(sut, { chainId: 56 })))).resolves.toBe(
        signer.address.toLowerCase(),
      );
    });

    it('refuses an expired message, and one issued or valid only more than a minute from now', async () => {
      const { sut } = setup();
      const later = (ms: number) => new Date(FIXED_NOW.getTime() + ms);
      await expect(sut.verify(await signed(await message(sut, { expirationTime: FIXED_NOW })))).rejects.toThrow(
        'the message has expired',
      );
      await expect(sut.verify(await signed(await message(sut, { issuedAt: later(61_000) })))).rejects.toThrow(
        'the message is issued in the future',
      );
      await expect(sut.verify(await signed(await message(sut, { notBefore: later(61_000) })))).rejects.toThrow(
        'the message is not valid yet',
      );
      await expect(
        sut.verify(await signed(await message(sut, { issuedAt: later(59_000), notBefore: later(59_000) }))),
      ).resolves.toBe(signer.address.toLowerCase());
    });

    it('refuses a signature by another wallet, or one that is not hex, and keeps the nonce for a correct retry', async () => {
      const { sut } = setup();
      const text = await message(sut);
      const other = privateKeyToAccount(generatePrivateKey());
      await expect(sut.verify(await signed(text, other))).rejects.toThrow(
        'the signature does not match the message address',
      );
      await expect(sut.verify({ messageB64: b64(text), signature: 'not-hex', domain: DOMAIN })).rejects.toThrow(
        'X-Wallet-Signature is not hex',
      );
      await expect(sut.verify({ messageB64: b64(text), signature: '0x1234', domain: DOMAIN })).rejects.toThrow(
        /does not match/,
      );
      await expect(sut.verify(await signed(text))).resolves.toBe(signer.address.toLowerCase());
    });
  });
});
