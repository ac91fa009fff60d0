import { useEffect, useState, type FormEvent } from 'react';
import { getPlans, getScannerNonce, purchasePlan, type PlansResponseB } from '../../packages/sdk/src/index';
import { client, messageOf } from './api';
import { KeyOnce } from './KeyOnce';
import { useAction } from './useAction';

/** An injected wallet (EIP-1193), when the browser has one. */
interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}
const injected = (): Eip1193 | undefined => (window as unknown as { ethereum?: Eip1193 }).ethereum;

const HASH = /^0x[0-9a-fA-F]{64}$/;
const toHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * GET plans, once: the plans for sale and, per chain this service reads, how to pay there and the id the
 * chain is served as (the scan picker shows it too). `error` when it could not be read.
 */
export function usePlans(): { offer: PlansResponseB | null; error: string } {
  const [offer, setOffer] = useState<PlansResponseB | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void getPlans({ client: client() }).then(({ data, error: failure, response }) =>
      data ? setOffer(data) : setError(messageOf(failure, response)),
    );
  }, []);
  return { offer, error };
}

/**
 * Buying a plan: the prices and where to pay (from GET plans), then the payment's transaction hash and a
 * proof that the paying wallet asks for the key, signed by the injected wallet (or, without one, the
 * same calls as curl commands).
 */
export function BuyPlan({ offer, onKey }: { offer: PlansResponseB; onKey: (key: string) => void }) {
  const [plan, setPlan] = useState('pro');
  const [chain, setChain] = useState<string>(offer.payment[0]?.chain ?? 'eth');
  const { busy, error, setError, run } = useAction();
  const [bought, setBought] = useState<{ plan: string; key: string } | null>(null);

  const chosen = offer.plans.find((p) => p.plan === plan)!;
  const terms = offer.payment.find((t) => t.chain === chain);
  const wallet = injected();

  const buy = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const hash = String(new FormData(event.currentTarget).get('transaction_hash')).trim();
    return run(async () => {
      if (!HASH.test(hash)) return setError('A transaction hash is 0x followed by 64 hexadecimal characters.');
      if (!wallet) return;
      const [account] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
      const api = client();
      const nonce = await getScannerNonce({ client: api, query: { wallet: account } });
      if (!nonce.data?.message) return setError(messageOf(nonce.error, nonce.response));
      const signature = (await wallet.request({
        method: 'personal_sign',
        params: [toHex(nonce.data.message), account],
      })) as string;
      const {
        data,
        error: failure,
        response,
      } = await purchasePlan({
        client: api,
        body: { wallet: account, plan: chosen.plan, transaction_hash: hash, chain: chain as 'eth' },
        headers: { 'X-Wallet-Message': btoa(nonce.data.message), 'X-Wallet-Signature': signature },
      });
      if (!data) return setError(messageOf(failure, response));
      setBought({ plan: data.plan, key: data.api_key });
      onKey(data.api_key);
    });
  };

  return (
    <section className="panel" aria-labelledby="buy-heading">
      <h2 id="buy-heading">Buy a plan</h2>
      <div className="cards">
        {offer.plans.map((p) => (
          <label key={p.plan} className={`card plan ${p.plan === plan ? 'chosen' : ''}`}>
            <input type="radio" name="plan" value={p.plan} checked={p.plan === plan} onChange={() => setPlan(p.plan)} />
            <strong>{p.plan}</strong> ${p.price_usd} for {p.valid_days} days
            <span className="muted">
              {' '}
              · {p.rate_limit}, {p.quota.toLocaleString('en')} calls a month
            </span>
          </label>
        ))}
      </div>
      {offer.payment.length === 0 ? (
        <p className="hint">Payments are not set up on this service.</p>
      ) : (
        <>
          <label>
            Pay on
            <select value={chain} onChange={(e) => setChain(e.target.value)}>
              {offer.payment.map((t) => (
                <option key={t.chain} value={t.chain}>
                  {t.chain} (chain id {t.chain_id})
                </option>
              ))}
            </select>
          </label>
          {terms && (
            <ol className="steps" data-testid="pay-steps">
              <li>
                Send {chosen.price_usd} {terms.tokens.map((t) => t.symbol).join(' or ')} (
                {terms.tokens.map((t) => (
                  <code key={t.address}>{t.address}</code>
                ))}
                ) to the treasury{' '}
                {terms.treasury ? (
                  <code data-testid="treasury">{terms.treasury}</code>
                ) : (
                  <em>(not set up on this chain)</em>
                )}{' '}
                from your wallet.
              </li>
              <li>
                Wait for {terms.confirmations} confirmation{terms.confirmations === 1 ? '' : 's'}, then paste the
                transaction hash below.
              </li>
              <li>
                Sign the request with the same wallet: the key is issued to the wallet that paid, once per payment.
              </li>
            </ol>
          )}
          <form onSubmit={buy} className="scan">
            <label className="grow">
              Transaction hash
              <input name="transaction_hash" required autoComplete="off" spellCheck={false} placeholder="0x…" />
            </label>
            <button type="submit" className="primary" disabled={busy || !wallet}>
              {busy ? 'Waiting for the wallet…' : 'Sign with my wallet and buy'}
            </button>
          </form>
          {!wallet && (
            <div className="hint" data-testid="no-wallet">
              <p>
                No browser wallet found. The same steps with curl, from the repository: <code>tas wallet sign</code>{' '}
                gets a single-use nonce for the paying wallet (its key in <code>TAS_PRIVATE_KEY</code>) and signs it.
                Any wallet that signs text can instead sign the <code>message</code> of{' '}
                <code>GET /scanner/api/v1/auth/nonce?wallet=</code>.
              </p>
              <pre>{`eval "$(npx tas wallet sign --url ${location.origin})"
curl -s -X POST ${location.origin}/scanner/api/v1/purchase-plan \\
  -H 'Content-Type: application/json' \\
  -H "X-Wallet-Message: $WALLET_MESSAGE" -H "X-Wallet-Signature: $WALLET_SIGNATURE" \\
  -d '{"wallet":"'$WALLET'","plan":"${chosen.plan}","transaction_hash":"'$TX'","chain":"${chain}"}'`}</pre>
            </div>
          )}
        </>
      )}
      {bought && (
        <div data-testid="bought">
          <p>Plan {bought.plan} bought; the console now uses its key.</p>
          <KeyOnce apiKey={bought.key} />
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
