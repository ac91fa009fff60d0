import { Module } from '@nestjs/common';

/** Keys: issue, hash, verify, revoke; guards; wallet-signature proofs (filled by the accounts issue). */
@Module({})
export class AuthModule {}
