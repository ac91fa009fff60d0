import { z } from 'zod';
import { HealthSnapshot } from '../../../health/health.service';
import { component } from '../../shared/openapi/api-schemas';

const DevnetStateA = component(
  'DevnetStateA',
  z.object({
    lineage: z.string().meta({
      example: '3fa85f64',
      description: 'Chain lineage: new whenever the devnet restarts from its built world',
    }),
    consistent: z.boolean(),
    reason: z.string().optional().meta({ description: 'Why not, when not consistent' }),
  }),
);

export const HealthRecordA = component(
  'HealthRecordA',
  z.object({
    status: z.enum(['healthy', 'degraded']),
    timestamp: z.string().meta({ example: '2026-11-21T12:00:00.000Z' }),
    version: z.string().meta({ example: '1.0.0' }),
    components: z.object({
      database: z.enum(['connected', 'disconnected']),
      redis: z.enum(['available', 'not_configured', 'unavailable']),
      external_apis: z.enum(['operational', 'degraded', 'unavailable', 'not_configured']),
      chains: z
        .record(z.string(), z.string())
        .meta({ example: { eth: 'operational (local devnet)' }, description: 'Per configured chain' }),
      providers: z.record(z.string(), z.string()).meta({
        example: {
          source_verification: 'operational (devnet-published-sources)',
          social_data: 'operational (devnet)',
          llm: 'operational (built-in analyst)',
        },
        description: 'External-data ports (informational: scans work without them)',
      }),
      devnet: DevnetStateA.optional().meta({
        description:
          'Only with the embedded devnet: its chain lineage, and whether the database was recorded against it',
      }),
    }),
  }),
);
export type HealthRecordA = z.output<typeof HealthRecordA>;

export function presentHealthA(s: HealthSnapshot): HealthRecordA {
  return {
    status: s.status,
    timestamp: s.timestamp,
    version: s.version,
    components: {
      database: s.database,
      redis: s.redis,
      external_apis: s.chains,
      chains: s.chainDetails,
      providers: s.providers,
      ...(s.devnet && { devnet: s.devnet }),
    },
  };
}
