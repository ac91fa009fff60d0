import { useState } from 'react';
import { getRecentCalls, getUsageStats, type RecentCallsResponseB, type UsageStatsResponseB } from '../../packages/sdk/src/index';
import { client, messageOf } from './api';

/** The key's plan, quota and recent calls (surface B's user endpoints take the same key as a Bearer). */
export function Usage({ apiKey }: { apiKey: string }) {
  const [stats, setStats] = useState<UsageStatsResponseB['stats'] | null>(null);
  const [calls, setCalls] = useState<RecentCallsResponseB['calls']>([]);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    setError(null);
    const api = client(apiKey);
    const [usage, recent] = await Promise.all([getUsageStats({ client: api }), getRecentCalls({ client: api, query: { limit: 20 } })]);
    if (!usage.data) return setError(messageOf(usage.error, usage.response));
    if (!recent.data) return setError(messageOf(recent.error, recent.response));
    setStats(usage.data.stats);
    setCalls(recent.data.calls);
  };

  return (
    <section className="panel" aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage</h2>
      <button type="button" onClick={load}>{stats ? 'Refresh usage' : 'Show usage'}</button>
      {error && <p className="error" role="alert">{error}</p>}
      {stats && (
        <>
          <dl className="facts" data-testid="usage">
            <dt>Plan</dt>
            <dd>{stats.plan}</dd>
            <dt>Calls today / this month</dt>
            <dd>{stats.calls_today} / {stats.calls_this_month}</dd>
            <dt>Remaining quota</dt>
            <dd>{stats.remaining_quota ?? 'unlimited'} (resets {new Date(stats.quota_reset_date).toLocaleDateString('en')})</dd>
          </dl>
          <table className="calls" data-testid="recent-calls">
            <caption>Recent calls</caption>
            <thead>
              <tr><th scope="col">Time</th><th scope="col">Call</th><th scope="col">Status</th><th scope="col">Latency</th></tr>
            </thead>
            <tbody>
              {calls.map((call) => (
                <tr key={`${call.timestamp}-${call.endpoint}-${call.latency_ms}`}>
                  <td>{new Date(call.timestamp).toLocaleTimeString('en')}</td>
                  <td><code>{call.method} {call.endpoint}</code></td>
                  <td>{call.status}</td>
                  <td>{call.latency_ms} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
