import { z } from 'zod';
import { formatUptime, HealthSnapshot } from '../../../health/health.service';
import { component } from '../../shared/openapi/api-schemas';
import { instant } from './fields';

const upstream = z.enum(['operational', 'degraded', 'unavailable', 'not_configured']).meta({ example: 'operational' });

export const HealthRecordB = component(
  'HealthRecordB',
  z.object({
    status: z.enum(['healthy', 'degraded']),
    timestamp: instant('2026-11-21T12:00:00.000Z'),
    version: z.string().meta({ example: '1.0.0' }),
    uptime: z.string().meta({ example: '0 days, 01:02:03' }),
    services: z
      .object({
        audit_provider_api: upstream,
        scanner_provider_api: upstream,
        market_data_api: upstream,
        database: z.enum(['connected', 'disconnected']),
      })
      .meta({
        description:
          'The three providers are our own analyzers (bytecode audit, trade simulation, DEX market data): up exactly when the chain nodes answer',
      }),
  }),
);
export type HealthRecordB = z.output<typeof HealthRecordB>;

/**
 * Surface B names three upstream providers; here all three are our own analyzers (bytecode audit,
 * trade simulation, DEX market data), which work exactly when the chain nodes answer.
 */
export function presentHealthB(s: HealthSnapshot): HealthRecordB {
  return {
    status: s.status,
    timestamp: s.timestamp,
    version: s.version,
    uptime: formatUptime(s.uptimeSeconds),
    services: {
      audit_provider_api: s.chains,
      scanner_provider_api: s.chains,
      market_data_api: s.chains,
      database: s.database,
    },
  };
}
