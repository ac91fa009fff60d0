import { z } from 'zod';
import type { AlertRecord } from '../../../watches/watch.repository';
import { component } from '../../shared/openapi/api-schemas';
import { AlertFields, alertFields, WatchFields } from '../../shared/presenters/watch';

export const WatchA = component('WatchA', z.object({ success: z.literal(true), data: WatchFields }));
export type WatchA = z.output<typeof WatchA>;

export const WatchListA = component(
  'WatchListA',
  z.object({
    success: z.literal(true),
    data: z.object({ watches: z.array(WatchFields), count: z.number(), limit: z.number().nullable() }),
  }),
);
export type WatchListA = z.output<typeof WatchListA>;

export const WatchDeletedA = component(
  'WatchDeletedA',
  z.object({ success: z.literal(true), data: z.object({ id: z.string(), deleted: z.literal(true) }) }),
);
export type WatchDeletedA = z.output<typeof WatchDeletedA>;

export const WatchAlertsA = component(
  'WatchAlertsA',
  z.object({
    success: z.literal(true),
    data: z.object({ alerts: z.array(AlertFields), next_after: z.string() }),
  }),
);
export type WatchAlertsA = z.output<typeof WatchAlertsA>;

/** An alert as A's stream event and webhook carry it: A's envelope. */
export const alertBodyA = (a: AlertRecord) => ({ success: true as const, data: alertFields(a) });
