import { useState, type FormEvent } from 'react';
import { A_CHAINS, CHAIN_IDS } from '../../src/config/chains';
import {
  generateTestKey,
  isScanJob,
  requestApiKey,
  scanToken,
  streamScanJob,
  type ScanJobA,
  type ScanReportA,
} from '../../packages/sdk/src/index';
import { client, messageOf, storedKey, storeKey } from './api';
import { BuyPlan, usePlans } from './BuyPlan';
import { KeyOnce } from './KeyOnce';
import { Report } from './Report';
import { Usage } from './Usage';
import { useAction } from './useAction';
import { Watches } from './Watches';

/**
 * Scans go to surface A: its chains, each shown with the id it is served as so a chain can be picked by
 * either. GET plans gives the id of each chain this service reads (`eth` on the embedded devnet is
 * 31337); a chain it does not name has the chain table's. No id is shown before the plans are read.
 */
type Chain = (typeof A_CHAINS)[number];
type Offer = ReturnType<typeof usePlans>['offer'];
const servedIdOf = (offer: Offer, chain: Chain): number | undefined =>
  offer ? (offer.payment.find((t) => t.chain === chain)?.chain_id ?? CHAIN_IDS[chain]) : undefined;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function Console() {
  const [key, setKey] = useState(storedKey());
  const plans = usePlans();
  const useKey = (next: string) => {
    storeKey(next);
    setKey(next);
  };
  return (
    <>
      <header className="bar">
        <a className="brand" href="/">
          Token Analysis
        </a>
        <nav aria-label="Main">
          <a href="/console" aria-current="page">
            Console
          </a>
          <a href="/docs">API docs</a>
        </nav>
      </header>
      <main className="page">
        <h1>Console</h1>
        <KeyPanel apiKey={key} onKey={useKey} />
        <ScanPanel apiKey={key} offer={plans.offer} />
        {key && <Watches apiKey={key} />}
        {key && <Usage apiKey={key} />}
        {plans.offer ? (
          <BuyPlan offer={plans.offer} onKey={useKey} />
        ) : (
          plans.error && (
            <p className="error" role="alert">
              {plans.error}
            </p>
          )
        )}
      </main>
    </>
  );
}

function KeyPanel({ apiKey, onKey }: { apiKey: string; onKey: (key: string) => void }) {
  const [issued, setIssued] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction();
  const keep = (key: string) => {
    setIssued(key);
    onKey(key);
  };

  const request = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    return run(async () => {
      const {
        data,
        error: failure,
        response,
      } = await requestApiKey({
        client: client(),
        body: {
          client_name: String(form.get('client_name')),
          email: String(form.get('email')),
          intended_usage: String(form.get('intended_usage')),
        },
      });
      if (!data) return setError(messageOf(failure, response));
      keep(data.data.api_key);
    });
  };
  const requestTestKey = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wallet = String(new FormData(event.currentTarget).get('wallet')).trim();
    return run(async () => {
      const { data, error: failure, response } = await generateTestKey({ client: client(), body: { wallet } });
      if (!data) return setError(messageOf(failure, response));
      keep(data.api_key);
    });
  };
  const paste = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onKey(String(new FormData(event.currentTarget).get('api_key')).trim());
  };
  return (
    <section className="panel" aria-labelledby="key-heading">
      <h2 id="key-heading">Your key</h2>
      {issued && <KeyOnce apiKey={issued} />}
      {apiKey ? (
        <p>
          Using a key that starts <code>{apiKey.slice(0, 11)}…</code> (kept in this tab only).{' '}
          <button type="button" className="link" onClick={() => onKey('')}>
            Forget it
          </button>
        </p>
      ) : (
        <div className="two">
          <form onSubmit={request} aria-label="Request a free key">
            <h3>Request a free key</h3>
            <label>
              Name or project
              <input name="client_name" required maxLength={100} autoComplete="organization" />
            </label>
            <label>
              Email
              <input name="email" type="email" required autoComplete="email" />
            </label>
            <label>
              What you will use it for
              <input name="intended_usage" required maxLength={500} />
            </label>
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Requesting…' : 'Request a key'}
            </button>
          </form>
          <form onSubmit={requestTestKey} aria-label="Try it with a test key">
            <h3>Or try it: a test key</h3>
            <p className="hint">10 scans, for one wallet address.</p>
            <label>
              Your wallet address
              <input name="wallet" required pattern="0x[0-9a-fA-F]{40}" autoComplete="off" spellCheck={false} />
            </label>
            <button type="submit" disabled={busy}>
              Get a test key
            </button>
          </form>
          <form onSubmit={paste} aria-label="Use a key you have">
            <h3>Or use a key you have</h3>
            <label>
              API key
              <input name="api_key" required autoComplete="off" spellCheck={false} />
            </label>
            <button type="submit">Use this key</button>
          </form>
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

function ScanPanel({ apiKey, offer }: { apiKey: string; offer: Offer }) {
  const [report, setReport] = useState<ScanReportA | null>(null);
  const [chain, setChain] = useState<Chain>('eth');
  const [progress, setProgress] = useState<ScanJobA['data']['progress'] | null>(null);
  const { busy, error, setError, run } = useAction();

  /** Asks for the scan as a job and follows its events: which sections are done, then the report. */
  const scan = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setReport(null);
    setProgress(null);
    const body = {
      contract_address: String(form.get('address')).trim(),
      chain: String(form.get('chain')) as Chain,
      async: true,
    };
    setChain(body.chain);
    return run(async () => {
      if (!ADDRESS.test(body.contract_address)) {
        return setError('That is not an address: an EVM address is 0x followed by 40 hexadecimal characters.');
      }
      const api = client(apiKey);
      const { data, error: failure, response } = await scanToken({ client: api, body });
      if (!data) return setError(messageOf(failure, response));
      if (!isScanJob(data)) return setReport(data.data);
      setProgress(data.data.progress);
      const { stream } = await streamScanJob({ client: api, path: { id: data.data.job_id }, sseMaxRetryAttempts: 3 });
      for await (const update of stream) {
        // Each event's data is what GET /api/v1/jobs/{id} answers: the job in A's envelope.
        const job = ((typeof update === 'string' ? JSON.parse(update) : update) as ScanJobA).data;
        setProgress(job.progress);
        if (job.status === 'done' && job.result) return setReport(job.result.data);
        if (job.status === 'failed') return setError(messageOf(job.error));
      }
      setError('The analysis stopped without an answer; try again.');
    });
  };

  return (
    <section className="panel" aria-labelledby="scan-heading">
      <h2 id="scan-heading">Scan a token</h2>
      <form className="scan" onSubmit={scan}>
        <label className="grow">
          Token or pair address
          <input name="address" required placeholder="0x…" autoComplete="off" spellCheck={false} />
        </label>
        <label>
          Chain
          <select name="chain" defaultValue="eth">
            {A_CHAINS.map((c) => {
              const id = servedIdOf(offer, c);
              return (
                <option key={c} value={c}>
                  {id === undefined ? c : `${c} (${id})`}
                </option>
              );
            })}
          </select>
        </label>
        <button type="submit" className="primary" disabled={busy || !apiKey}>
          {busy ? 'Analysing…' : 'Scan'}
        </button>
      </form>
      {!apiKey && <p className="hint">Request or paste a key above to scan.</p>}
      <div aria-live="polite">
        {busy && <Progress sections={progress} />}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </div>
      {report && <Report report={report} apiKey={apiKey} chain={chain} />}
    </section>
  );
}

const SECTION_NAMES: Record<string, string> = {
  security: 'Contract and trade simulation',
  market: 'Market and liquidity',
  holder_analysis: 'Holders',
  wash_trading: 'Wash trading',
  sniper_analysis: 'Snipers',
  link_analysis: 'Links and social',
};

/** Which sections of the running analysis are done. */
function Progress({ sections }: { sections: ScanJobA['data']['progress'] | null }) {
  if (!sections) return <p className="progress">Starting the analysis…</p>;
  const entries = Object.entries(sections);
  const done = entries.filter(([, state]) => state !== 'pending').length;
  return (
    <div className="progress" data-testid="progress">
      <p>
        Analysing: {done} of {entries.length} sections done.
      </p>
      <ul className="sections">
        {entries.map(([section, state]) => (
          <li key={section} className={`state-${state}`}>
            {SECTION_NAMES[section] ?? section}: {state}
          </li>
        ))}
      </ul>
    </div>
  );
}
