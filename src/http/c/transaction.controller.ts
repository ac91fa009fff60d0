import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiResult } from '../shared/openapi/api-schemas';
import { PlatformRoute } from './platform-access.guard';
import { PrepareTransactionDto, SimulateTransactionDto } from './dto/transaction-request.dto';
import {
  PreparedTransactionC,
  presentPrepared,
  presentSimulation,
  SimulationC,
} from './presenters/transaction.presenter';
import { TransactionPrepareService } from '../../platform/transaction/transaction-prepare.service';
import { TransactionSimulateService } from '../../platform/transaction/transaction-simulate.service';

/** Surface C: transactions to sign (nothing is signed or sent here) and their simulation. */
@ApiTags('C: transaction')
@ApiBadRequestResponse({ description: 'INVALID_ADDRESS (from, to, a token) or VALIDATION_ERROR (naming the field)' })
@ApiServiceUnavailableResponse({ description: "UPSTREAM_UNAVAILABLE: the chain's node is unreachable (retry)" })
@Controller('transaction')
export class TransactionController {
  constructor(
    private readonly preparer: TransactionPrepareService,
    private readonly simulator: TransactionSimulateService,
  ) {}

  @Post('prepare')
  @HttpCode(200)
  @PlatformRoute('transaction/prepare')
  @ApiOperation({
    operationId: 'prepareTransaction',
    summary:
      'A swap or transfer intent → unsigned EIP-1559 transaction(s) with gas, fees and the best V2 route (Silver tier)',
    description: [
      'Swap: every configured V2 DEX, direct or through wrapped native or a stablecoin, quoted in one multicall; the best output wins.',
      'expected_out is the quote less the taxes the engine measured; minimum_out is expected_out less slippage_bps.',
      'Router calls are the fee-on-transfer-safe variants; selling a token whose allowance to the router is short adds an exact `approve` step first.',
      'A token the engine found unsellable (honeypot) is refused with 409 RISKY_TOKEN unless allow_risky is true, in which case the warnings say why.',
      'Transfer: an ERC-20 `transfer` or a plain native value transfer. Gas: eth_estimateGas from `from` (+20%); fees: 2 × base fee + priority fee.',
    ].join(' '),
  })
  @ApiResult(PreparedTransactionC)
  @ApiNotFoundResponse({
    description: 'NO_ROUTE: no DEX quotes the pair; NOT_FOUND: unknown symbol or no ERC-20 at the address',
  })
  @ApiConflictResponse({
    description:
      'RISKY_TOKEN (unsellable token, details.tokens; retry with allow_risky), INSUFFICIENT_BALANCE, TRANSACTION_WOULD_REVERT (details.revert_reason), AMBIGUOUS_SYMBOL',
  })
  async prepare(@Body() body: PrepareTransactionDto): Promise<PreparedTransactionC> {
    return presentPrepared(await this.preparer.prepare(body));
  }

  @Post('simulate')
  @HttpCode(200)
  @PlatformRoute('transaction/simulate')
  @ApiOperation({
    operationId: 'simulateTransaction',
    summary:
      'Any transaction → success or revert reason, gas used, the sender’s balance changes, warnings on the tokens it touches (Silver tier)',
    description:
      'Simulated on the latest block with eth_simulateV1 (fees not charged; native change excludes gas); nodes without it get eth_call + eth_estimateGas and no token tracing. Tokens touched: Transfer logs, a V2 router path, the target of an ERC-20 call.',
  })
  @ApiResult(SimulationC)
  async simulate(@Body() body: SimulateTransactionDto): Promise<SimulationC> {
    return presentSimulation(await this.simulator.simulate(body));
  }
}
