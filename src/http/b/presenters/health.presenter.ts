import { ApiProperty } from '@nestjs/swagger';
import { formatUptime, HealthSnapshot } from '../../../health/health.service';

class HealthServicesB {
  @ApiProperty({ example: 'operational' }) audit_provider_api!: string;
  @ApiProperty({ example: 'operational' }) scanner_provider_api!: string;
  @ApiProperty({ example: 'operational' }) market_data_api!: string;
  @ApiProperty({ example: 'connected' }) database!: string;
}

export class HealthRecordB {
  @ApiProperty({ example: 'healthy', enum: ['healthy', 'degraded'] }) status!: string;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) timestamp!: string;
  @ApiProperty({ example: '1.0.0' }) version!: string;
  @ApiProperty({ example: '0 days, 01:02:03' }) uptime!: string;
  @ApiProperty({ type: HealthServicesB }) services!: HealthServicesB;
}

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
