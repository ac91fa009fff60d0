import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { AccountService } from '../../accounts/account.service';
import { ApiKeyRecord } from '../../accounts/api-key.repository';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { LimitPerIp } from '../shared/auth/ip-limit.guard';
import { ApiResult } from '../shared/openapi/api-schemas';
import { RequestKeyDto } from './dto/auth.dto';
import {
  KeyIssuanceResponseA,
  KeyValidationResponseA,
  presentKeyIssuance,
  presentValidation,
} from './presenters/account.presenter';

/** Surface A: keys. */
@ApiTags('A: auth')
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly accounts: AccountService) {}

  @Post('request-key')
  @LimitPerIp('request-key', 'key-issue')
  @ApiOperation({ operationId: 'requestApiKey', summary: 'Issue a free key (shown once)' })
  @ApiResult(KeyIssuanceResponseA, { status: 201, description: 'The key, shown this once' })
  @ApiBadRequestResponse({ description: 'Invalid client_name, email or intended_usage' })
  @ApiTooManyRequestsResponse({ description: 'Too many keys requested from this address' })
  async requestKey(@Body() body: RequestKeyDto): Promise<KeyIssuanceResponseA> {
    return presentKeyIssuance(await this.accounts.requestFreeKey(body));
  }

  @Post('validate')
  @HttpCode(200)
  @Authenticated('A', 'account')
  @ApiOperation({ operationId: 'validateApiKey', summary: 'Check that a key is valid' })
  @ApiResult(KeyValidationResponseA)
  @ApiBadRequestResponse({ description: 'The key was sent in the URL: send it in X-Service-API-Key' })
  async validate(@CurrentKey() key: ApiKeyRecord): Promise<KeyValidationResponseA> {
    return presentValidation(await this.accounts.validate(key));
  }
}
