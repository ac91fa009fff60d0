import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { AccountService } from '../../accounts/account.service';
import { ApiKeyRecord } from '../../accounts/api-key.repository';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { LimitPerIp } from '../shared/auth/ip-limit.guard';
import { KeyIssuanceResponse, KeyValidationResponse, RequestKeyDto } from './dto/auth.dto';
import { presentKeyIssuance, presentValidation } from './presenters/account.presenter';

/** Surface A: keys. */
@ApiTags('A: auth')
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly accounts: AccountService) {}

  @Post('request-key')
  @LimitPerIp('request-key', 'key-issue')
  @ApiOperation({ summary: 'Issue a free key (shown once)' })
  @ApiCreatedResponse({ type: KeyIssuanceResponse })
  @ApiTooManyRequestsResponse({ description: 'Too many keys requested from this address' })
  async requestKey(@Body() body: RequestKeyDto): Promise<KeyIssuanceResponse> {
    return presentKeyIssuance(await this.accounts.requestFreeKey(body));
  }

  @Post('validate')
  @HttpCode(200)
  @Authenticated('A', 'account')
  @ApiOperation({ summary: 'Check that a key is valid' })
  @ApiOkResponse({ type: KeyValidationResponse })
  async validate(@CurrentKey() key: ApiKeyRecord): Promise<KeyValidationResponse> {
    return presentValidation(await this.accounts.validate(key));
  }
}
