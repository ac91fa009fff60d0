import { useState } from 'react';
import {
  getRecentCalls,
  getUsageStats,
  type RecentCallsResponseB,
  type UsageStatsResponseB,
} from '../../packages/sdk/src/index';
import { client, messageOf } from './api';
import { useAction } from './useAction';

/** The key's plan, quota and recent calls (surface B's user endpoints take the same key as a Bearer). */
export function Usage({ apiKey }: { apiKey: string }) {
  const [stats, setStats] = useState<UsageStatsResponseB['stats'] | null>(null);
  const [calls, setCalls] = useState<RecentCallsResponseB['calls']>([]);
  const { error, setError, run } = useAction();

  const load = () =>
    run(async () => {
      const api = client(apiKey);
      const [usage, recent] = await Promise.all([
        getUsageStats({ client: api }),
        getRecentCalls({ client: api, query: { limit: 20 } }),
      ]);
      if (!usage.data) return setError(messageOf(usage.error, usage.response));
      if (!recent.data) return setError(messageOf(recent.error, recent.response));
      setStats(usage.data.stats);
      setCalls(recent.data.calls);
    });

  return (
    <section className="panel" aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage</h2>
      <button type="button" onClick={load}>
        {stats ? 'Refresh usage' : 'Show usage'}
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {stats && (
        <>
          <dl className="facts" data-testid="usage">
            <dt>Plan</dt>
            <dd>{stats.plan}</dd>
            <dt>Calls today / this month</dt>
            <dd>
              {stats.calls_today} / {stats.calls_this_month}
            </dd>
            <dt>Remaining quota</dt>
            <dd>
              {stats.remaining_quota ?? 'unlimited'} (resets {new Date(stats.quota_reset_date).toLocaleDateString('en')}
              )
            </dd>
          </dl>
          <CallsPerDay days={stats.calls_by_day} />
          <table className="calls" data-testid="recent-calls">
            <caption>Recent calls</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Call</th>
                <th scope="col">Status</th>
                <th scope="col">Latency</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((call) => (
                <tr key={`${call.timestamp}-${call.endpoint}-${call.latency_ms}`}>
                  <td>{new Date(call.timestamp).toLocaleTimeString('en')}</td>
                  <td>
                    <code>
                      {call.method} {call.endpoint}
                    </code>
                  </td>
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

/** The last 30 days' calls as bars, today last. */
function CallsPerDay({ days }: { days: UsageStatsResponseB['stats']['calls_by_day'] }) {
  const most = Math.max(1, ...days.map((d) => d.calls));
  const total = days.reduce((sum, d) => sum + d.calls, 0);
  return (
    <figure className="per-day" data-testid="calls-per-day">
      <div
        className="day-bars"
        role="img"
        aria-label={`Calls per day over the last ${days.length} days: ${total} in all, ${days.at(-1)?.calls ?? 0} today`}
      >
        {days.map((d) => (
          <span
            key={d.day}
            className="day-bar"
            style={{ height: `${(d.calls / most) * 100}%` }}
            title={`${d.day}: ${d.calls} calls`}
          />
        ))}
      </div>
      <figcaption className="muted">
        Calls per day, {days[0]?.day} to {days.at(-1)?.day} (UTC)
      </figcaption>
    </figure>
  );
}
