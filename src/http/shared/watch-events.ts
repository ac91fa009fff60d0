import type { MessageEvent } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import type { AlertRecord } from '../../watches/watch.repository';
import type { WatchService } from '../../watches/watch.service';

/** How often an open alert stream looks for new alerts. */
const STREAM_POLL_MS = 1_000;
const ALERT_ID = /^\d{1,18}$/;

/** Where a stream (re)starts: after the Last-Event-ID a reconnecting client sends, else `?after=`, else the first. */
export function streamStart(lastEventId: string | undefined, after: string | undefined): bigint {
  return BigInt(lastEventId !== undefined && ALERT_ID.test(lastEventId) ? lastEventId : (after ?? '0'));
}

/**
 * A key's alerts as server-sent events, each named `alert`, its id the alert's and its data the alert in
 * the surface's envelope (`present`); read from the database every second, so any process serves it.
 */
export function alertEvents(
  watches: WatchService,
  key: ApiKeyRecord,
  start: bigint,
  present: (alert: AlertRecord) => object,
): Observable<MessageEvent> {
  let after = start;
  return new Observable<MessageEvent>((subscriber) => {
    let reading = false;
    const read = async () => {
      if (reading) return;
      reading = true;
      try {
        for (const alert of await watches.alerts(key, after)) {
          after = alert.id;
          subscriber.next({ type: 'alert', id: alert.id.toString(), data: present(alert) });
        }
      } catch (err) {
        subscriber.error(err);
      } finally {
        reading = false;
      }
    };
    void read();
    const timer = setInterval(() => void read(), STREAM_POLL_MS);
    return () => clearInterval(timer);
  });
}

/** The stream's OpenAPI response. */
export const alertEventsDoc = (example: string) => ({
  status: 200,
  description: 'text/event-stream of alerts; stays open',
  content: {
    'text/event-stream': { schema: { type: 'string' as const, example: `event: alert\nid: 7\ndata: ${example}\n\n` } },
  },
});
