import { Module } from '@nestjs/common';
import { UserController } from './user.controller';
import { UserService } from './user.service';

/** Surface B /user/* endpoints (mounted under SCANNER_BASE_PATH). */
@Module({ providers: [UserService], controllers: [UserController] })
export class UserModule {}
