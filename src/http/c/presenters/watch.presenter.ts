import { z } from 'zod';
import { component } from '../../shared/openapi/api-schemas';
import { AlertFields, WatchFields } from '../../shared/presenters/watch';

/** Surface C's watches: bare objects, as C's other answers are (its stream events and webhooks carry the alert's fields). */
export const WatchC = component('WatchC', z.object({ ...WatchFields.shape }));
export type WatchC = z.output<typeof WatchC>;

export const WatchListC = component(
  'WatchListC',
  z.object({ watches: z.array(WatchFields), count: z.number(), limit: z.number().nullable() }),
);
export type WatchListC = z.output<typeof WatchListC>;

export const WatchDeletedC = component('WatchDeletedC', z.object({ id: z.string(), deleted: z.literal(true) }));
export type WatchDeletedC = z.output<typeof WatchDeletedC>;

export const WatchAlertsC = component(
  'WatchAlertsC',
  z.object({ alerts: z.array(AlertFields), next_after: z.string() }),
);
export type WatchAlertsC = z.output<typeof WatchAlertsC>;
