import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { HealthSnapshot } from '../../../health/health.service';

class DevnetStateA {
  @ApiProperty({ example: '3fa85f64', description: 'Chain lineage: new whenever the devnet restarts from its built world' }) lineage!: string;
  @ApiProperty({ example: true }) consistent!: boolean;
  @ApiPropertyOptional({ description: 'Why not, when not consistent' }) reason?: string;
}

class HealthComponentsA {
  @ApiProperty({ example: 'connected', enum: ['connected', 'disconnected'] }) database!: string;
  @ApiProperty({ example: 'available', enum: ['available', 'not_configured', 'unavailable'] }) redis!: string;
  @ApiProperty({ example: 'operational', enum: ['operational', 'degraded', 'unavailable', 'not_configured'] }) external_apis!: string;
  @ApiProperty({ example: { eth: 'operational (local devnet)' }, description: 'Per configured chain' })
  chains!: Record<string, string>;
  @ApiProperty({
    example: { source_verification: 'operational (devnet-published-sources)', social_data: 'operational (devnet)', llm: 'operational (built-in analyst)' },
    description: 'External-data ports (informational: scans work without them)',
  })
  providers!: Record<string, string>;
  @ApiPropertyOptional({
    type: DevnetStateA,
    description: 'Only with the embedded devnet: its chain lineage, and whether the database was recorded against it',
  })
  devnet?: DevnetStateA;
}

export class HealthRecordA {
  @ApiProperty({ example: 'healthy', enum: ['healthy', 'degraded'] }) status!: string;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) timestamp!: string;
  @ApiProperty({ example: '1.0.0' }) version!: string;
  @ApiProperty({ type: HealthComponentsA }) components!: HealthComponentsA;
}

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
