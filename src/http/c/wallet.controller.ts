import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiParam, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ChainQuery } from './dto/analyze.dto';
import { PlatformRoute } from './platform-access.guard';
import { presentWallet, WalletAnalysisC } from './presenters/wallet.presenter';
import { ApiResult } from '../shared/openapi/api-schemas';
import { WalletAnalysisService } from '../../platform/wallet/wallet-analysis.service';

/** Surface C: wallet analysis. */
@ApiTags('C: analyze')
@Controller('analyze')
export class WalletController {
  constructor(private readonly wallets: WalletAnalysisService) {}

  @Get('wallet/:address')
  @PlatformRoute('analyze/wallet')
  @ApiOperation({
    operationId: 'analyzeWallet',
    summary: 'Wallet: native and token balances, recent transfers, USD value, risk flags of held tokens (Silver tier)',
    description:
      'Tokens are those the wallet sent or received in the last 50,000 blocks plus the chain token list; the first 20 held are priced (deepest DEX pool) and analysed.',
  })
  @ApiParam({ name: 'address', example: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' })
  @ApiResult(WalletAnalysisC)
  @ApiBadRequestResponse({ description: 'INVALID_ADDRESS or VALIDATION_ERROR (bad chain)' })
  @ApiServiceUnavailableResponse({ description: "UPSTREAM_UNAVAILABLE: the chain's node is unreachable (retry)" })
  async wallet(@Param('address') address: string, @Query() query: ChainQuery): Promise<WalletAnalysisC> {
    return presentWallet(await this.wallets.analyze(query.chain, address));
  }
}
