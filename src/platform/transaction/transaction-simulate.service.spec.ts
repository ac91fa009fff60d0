import { encodeFunctionData, erc20Abi, pad, toHex, type Address } from 'viem';
import type { ChainFacts } from '../../chain/chain-facts';
import type { SimLog } from './call-simulator';
import { tokenDeltas, touchedTokens } from './transaction-simulate.service';
import { swapCall } from './tx-encoding';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const ME = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address;
const PAIR = '0xaDaA1Ea0106589956419179E11c06891dDf4A789' as Address;
const TOKEN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' as Address;
const WETH = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address;
const ROUTER = '0x0B306BF915C4d645ff596e518fAf3F9669b97016' as Address;

const transfer = (token: Address, from: Address, to: Address, value: bigint): SimLog => ({
  address: token.toLowerCase() as Address,
  topics: [TRANSFER, pad(from.toLowerCase() as Address), pad(to.toLowerCase() as Address)],
  data: toHex(value, { size: 32 }),
});
const context = {
  facts: { wrappedNative: { symbol: 'WETH', address: WETH, decimals: 18 }, stablecoins: [] } as unknown as ChainFacts,
};

describe('tokenDeltas', () => {
  it('nets what the owner received and sent, per token', () => {
    const sut = tokenDeltas(
      [
        transfer(TOKEN, PAIR, ME, 100n),
        transfer(TOKEN, ME, PAIR, 30n),
        transfer(WETH, ME, PAIR, 5n),
        transfer(TOKEN, PAIR, ROUTER, 7n),
      ],
      ME,
    );
    expect(sut).toEqual(
      new Map([
        [TOKEN, 70n],
        [WETH, -5n],
      ]),
    );
  });
});

describe('touchedTokens', () => {
  it('reads a reverted swap’s path from the calldata, leaving wrapped native out', () => {
    const call = swapCall({
      router: ROUTER,
      path: [TOKEN, WETH],
      amountIn: 1n,
      minOut: 0n,
      recipient: ME,
      deadline: 1n,
      nativeIn: false,
      nativeOut: true,
    });
    expect(touchedTokens(context, call, [])).toEqual([TOKEN]);
  });

  it('counts the target of an ERC-20 call and the emitters of Transfer logs, once each', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PAIR, 1n] });
    expect(touchedTokens(context, { to: TOKEN, data, value: 0n }, [transfer(TOKEN, ME, PAIR, 1n)])).toEqual([TOKEN]);
    expect(touchedTokens(context, { to: PAIR, data: '0x', value: 1n }, [])).toEqual([]);
  });
});
