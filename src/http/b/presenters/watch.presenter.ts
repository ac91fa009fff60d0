import { z } from 'zod';
import type { AlertRecord } from '../../../watches/watch.repository';
import { component } from '../../shared/openapi/api-schemas';
import { AlertFields, alertFields, WatchFields } from '../../shared/presenters/watch';
import { success } from './fields';

/** Surface B's watches, with B's flat `success: true` like B's other answers. */
export const WatchB = component('WatchB', z.object({ success, ...WatchFields.shape }));
export type WatchB = z.output<typeof WatchB>;

export const WatchListB = component(
  'WatchListB',
  z.object({ success, watches: z.array(WatchFields), count: z.number(), limit: z.number().nullable() }),
);
export type WatchListB = z.output<typeof WatchListB>;

export const WatchDeletedB = component(
  'WatchDeletedB',
  z.object({ success, id: z.string(), deleted: z.literal(true) }),
);
export type WatchDeletedB = z.output<typeof WatchDeletedB>;

export const WatchAlertsB = component(
  'WatchAlertsB',
  z.object({ success, alerts: z.array(AlertFields), next_after: z.string() }),
);
export type WatchAlertsB = z.output<typeof WatchAlertsB>;

/** An alert as B's stream event and webhook carry it: B's flat envelope. */
export const alertBodyB = (a: AlertRecord) => ({ success: true as const, ...alertFields(a) });
