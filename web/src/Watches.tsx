import { useEffect, useState, type FormEvent } from 'react';
import { A_CHAINS } from '../../src/config/chains';
import {
  createWatch,
  deleteWatch,
  listWatchAlerts,
  listWatches,
  streamWatchAlerts,
  type WatchAlertsA,
  type WatchListA,
} from '../../packages/sdk/src/index';
import { client, messageOf } from './api';
import { useAction } from './useAction';

type Watch = WatchListA['data']['watches'][number];
type Alert = WatchAlertsA['data']['alerts'][number];
type Chain = (typeof A_CHAINS)[number];
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** What an alert says moved, in words: the grade, trading, powers now (no longer) in use, findings. */
function changeOf(alert: Alert): string {
  const c = alert.change;
  const parts = [
    c.grade && `grade ${c.grade.before} → ${c.grade.after}`,
    c.trading && `trading ${c.trading.before} → ${c.trading.after}`,
    c.now_in_use.length > 0 && `now in use: ${c.now_in_use.join(', ')}`,
    c.no_longer_in_use.length > 0 && `no longer in use: ${c.no_longer_in_use.join(', ')}`,
    c.findings_added.length > 0 && `found: ${c.findings_added.join('; ')}`,
    c.findings_removed.length > 0 && `gone: ${c.findings_removed.join('; ')}`,
  ];
  return parts.filter(Boolean).join(' · ') || 'score moved';
}

/**
 * The key's watches (surface A): watch a token, stop watching, and its alerts, newest first, arriving live
 * while the panel is open (the alerts stream, resumed after the last alert read).
 */
export function Watches({ apiKey }: { apiKey: string }) {
  const [watches, setWatches] = useState<Watch[] | null>(null);
  const [limit, setLimit] = useState<number | null>(null);
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [after, setAfter] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction();

  const load = () =>
    run(async () => {
      const api = client(apiKey);
      const listed = await listWatches({ client: api });
      if (!listed.data) return setError(messageOf(listed.error, listed.response));
      setWatches(listed.data.data.watches);
      setLimit(listed.data.data.limit);
      if (after !== null) return;
      // The alerts so far, page by page, then the stream from the last one.
      let read: Alert[] = [];
      let next = '0';
      for (;;) {
        const page = await listWatchAlerts({ client: api, query: { after: next } });
        if (!page.data) return setError(messageOf(page.error, page.response));
        read = [...read, ...page.data.data.alerts];
        if (page.data.data.next_after === next) break;
        next = page.data.data.next_after;
      }
      setAlerts(read.reverse());
      setAfter(next);
    });

  useEffect(() => {
    if (after === null) return;
    const abort = new AbortController();
    void (async () => {
      const { stream } = await streamWatchAlerts({
        client: client(apiKey),
        query: { after },
        signal: abort.signal,
        sseMaxRetryAttempts: 5,
      });
      for await (const event of stream) {
        const alert = ((typeof event === 'string' ? JSON.parse(event) : event) as { data: Alert }).data;
        setAlerts((seen) => (seen.some((a) => a.id === alert.id) ? seen : [alert, ...seen]));
        // The watch compares against the alert's verdict from now on: shown as its verdict.
        setWatches((list) => list?.map((w) => (w.id === alert.watch_id ? { ...w, verdict: alert.after } : w)) ?? list);
      }
    })().catch(() => undefined);
    return () => abort.abort();
  }, [apiKey, after]);

  const watch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { contract_address: String(form.get('address')).trim(), chain: String(form.get('chain')) as Chain };
    return run(async () => {
      if (!ADDRESS.test(body.contract_address))
        return setError('That is not an address: an EVM address is 0x followed by 40 hexadecimal characters.');
      const created = await createWatch({ client: client(apiKey), body });
      if (!created.data) return setError(messageOf(created.error, created.response));
      setWatches((list) => [created.data.data, ...(list ?? [])]);
    });
  };

  const stop = (id: string) =>
    run(async () => {
      const deleted = await deleteWatch({ client: client(apiKey), path: { id } });
      if (!deleted.data) return setError(messageOf(deleted.error, deleted.response));
      setWatches((list) => (list ?? []).filter((w) => w.id !== id));
      setAlerts((seen) => seen.filter((a) => a.watch_id !== id));
    });

  return (
    <section className="panel" aria-labelledby="watches-heading">
      <h2 id="watches-heading">Watches</h2>
      <p className="hint">
        A watched token is scanned again when something on chain can change its verdict; an alert says what changed.
      </p>
      {watches === null ? (
        <button type="button" onClick={load} disabled={busy}>
          Show watches
        </button>
      ) : (
        <>
          <form className="scan" onSubmit={watch} aria-label="Watch a token">
            <label className="grow">
              Token to watch
              <input name="address" required placeholder="0x…" autoComplete="off" spellCheck={false} />
            </label>
            <label>
              Chain
              <select name="chain" defaultValue="eth">
                {A_CHAINS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Scanning…' : 'Watch'}
            </button>
          </form>
          <table className="calls" data-testid="watches">
            <caption>
              {watches.length} of {limit ?? 'unlimited'} watches
            </caption>
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">Chain</th>
                <th scope="col">Grade</th>
                <th scope="col">Trading</th>
                <th scope="col">Powers in use</th>
                <th scope="col">
                  <span className="sr-only">Stop</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {watches.map((w) => (
                <tr key={w.id}>
                  <td>
                    <code title={w.contract_address}>{short(w.contract_address)}</code>
                  </td>
                  <td>{w.chain}</td>
                  <td>{w.verdict.grade}</td>
                  <td>{w.verdict.trading}</td>
                  <td>{w.verdict.in_use.join(', ') || 'none'}</td>
                  <td>
                    <button type="button" className="link" onClick={() => stop(w.id)}>
                      Stop watching {short(w.contract_address)}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="calls" data-testid="alerts" aria-live="polite">
            <caption>Alerts{alerts.length === 0 ? ': none yet' : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Token</th>
                <th scope="col">What changed</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((a) => (
                <tr key={a.id}>
                  <td>{new Date(a.created_at).toLocaleTimeString('en')}</td>
                  <td>
                    <code title={a.contract_address}>{short(a.contract_address)}</code>
                  </td>
                  <td>{changeOf(a)}</td>
                  <td>
                    {a.cause}
                    {a.transaction && (
                      <>
                        {' '}
                        (block {a.block}, <code title={a.transaction}>{short(a.transaction)}</code>)
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
