import { ApiProperty } from '@nestjs/swagger';

export class NonceResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: 'f3a9c2…' }) nonce!: string;
  @ApiProperty({ example: '2026-11-21T12:05:00.000Z' }) expires_at!: string;
  @ApiProperty({ example: 'api.example.com' }) domain!: string;
  @ApiProperty({ example: 'https://api.example.com' }) uri!: string;
  @ApiProperty({ example: 1 }) chain_id!: number;
  @ApiProperty({ required: false, description: 'A ready-to-sign SIWE message, when ?wallet= is given' })
  message?: string;
}
