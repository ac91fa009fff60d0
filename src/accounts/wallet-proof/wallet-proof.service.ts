import { Injectable } from '@nestjs/common';
import { getAddress, isAddress, isHex, recoverMessageAddress } from 'viem';
import { randomBytes } from 'node:crypto';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { ChainRegistry } from '../../chain/chain-registry';
import { AppError } from '../../common/errors/app-error';
import { Clock } from '../../common/clock';
import { NonceRepository } from './nonce.repository';

export const NONCE_LIFETIME_MS = 5 * 60_000;
const CLOCK_SKEW_MS = 60_000;

export class WalletProofError extends AppError {
  constructor(reason: string) {
    super('unauthenticated', `Wallet proof rejected: ${reason}`);
  }
}

export interface NonceGrant {
  nonce: string;
  expiresAt: Date;
  domain: string;
  uri: string;
  chainId: number;
  /** A complete message to sign, when the wallet was named. */
  message?: string;
}

export interface ProofInput {
  /** The SIWE message, base64-encoded (X-Wallet-Message). */
  messageB64: string | undefined;
  /** 0x-hex signature (X-Wallet-Signature). */
  signature: string | undefined;
  /** Host the message must name. */
  domain: string;
}

/**
 * Sign-In with Ethereum (EIP-4361) proofs that the caller controls a wallet: single-use nonces with a
 * 5-minute life; the domain, chain id, times, nonce and signer are all checked.
 */
@Injectable()
export class WalletProofService {
  constructor(
    private readonly nonces: NonceRepository,
    private readonly chains: ChainRegistry,
    private readonly clock: Clock,
  ) {}

  async issueNonce(input: { domain: string; uri: string; wallet?: string }): Promise<NonceGrant> {
    const now = this.clock.now();
    // 128 random bits in hex: SIWE wants an alphanumeric nonce of at least 8 characters.
    const nonce = randomBytes(16).toString('hex');
    const expiresAt = new Date(now.getTime() + NONCE_LIFETIME_MS);
    await this.nonces.create(nonce, expiresAt);
    const chainId = this.acceptedChainIds()[0] ?? 1;
    const grant: NonceGrant = { nonce, expiresAt, domain: input.domain, uri: input.uri, chainId };
    if (input.wallet && isAddress(input.wallet, { strict: false })) {
      grant.message = createSiweMessage({
        address: getAddress(input.wallet),
        chainId,
        domain: input.domain,
        nonce,
        uri: input.uri,
        version: '1',
        issuedAt: now,
        expirationTime: expiresAt,
        statement: 'Prove control of this wallet to the Token Analysis API.',
      });
    }
    return grant;
  }

  /** The proven wallet (lowercase), or WalletProofError saying what is wrong. */
  async verify(input: ProofInput): Promise<string> {
    if (!input.messageB64 || !input.signature) {
      throw new WalletProofError(
        'send the signed SIWE message (base64) in X-Wallet-Message and its signature in X-Wallet-Signature',
      );
    }
    const text = Buffer.from(input.messageB64, 'base64').toString('utf8');
    const message = parseSiweMessage(text);
    if (!message.address || !message.nonce || !message.domain || !message.chainId || message.version !== '1') {
      throw new WalletProofError('X-Wallet-Message is not a SIWE message');
    }
    this.checkFields(message, input.domain);
    if (!isHex(input.signature)) throw new WalletProofError('X-Wallet-Signature is not hex');
    const signer = await recoverMessageAddress({ message: text, signature: input.signature }).catch(() => null);
    if (!signer || signer.toLowerCase() !== message.address.toLowerCase()) {
      throw new WalletProofError('the signature does not match the message address');
    }
    if (!(await this.nonces.consume(message.nonce, this.clock.now()))) {
      throw new WalletProofError('the nonce is unknown, expired or already used; get a new one from /auth/nonce');
    }
    return message.address.toLowerCase();
  }

  private checkFields(message: ReturnType<typeof parseSiweMessage>, domain: string): void {
    const now = this.clock.now().getTime();
    if (message.domain !== domain) throw new WalletProofError(`the message is for ${message.domain}, not ${domain}`);
    if (!this.acceptedChainIds().includes(message.chainId!)) {
      throw new WalletProofError(`chain id ${message.chainId} is not served here`);
    }
    if (message.expirationTime && message.expirationTime.getTime() <= now)
      throw new WalletProofError('the message has expired');
    if (message.notBefore && message.notBefore.getTime() > now + CLOCK_SKEW_MS) {
      throw new WalletProofError('the message is not valid yet');
    }
    if (message.issuedAt && message.issuedAt.getTime() > now + CLOCK_SKEW_MS) {
      throw new WalletProofError('the message is issued in the future');
    }
  }

  private acceptedChainIds(): number[] {
    return [
      ...new Set(
        this.chains
          .describe()
          .filter((c) => c.configured)
          .map((c) => c.chainId),
      ),
    ];
  }
}
