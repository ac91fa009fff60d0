import { createPublicClient, encodeFunctionData, getAddress, http, parseAbi, type Address, type Hex } from 'viem';
import { analyzePowers } from '../src/analysis/contract/engine/power-engine';
import { RpcChainStateReader } from '../src/analysis/contract/engine/rpc-chain-state';
import { signatureOf } from '../src/analysis/contract/signatures';

/** tsx bench/engine-probe.ts RPC_URL TOKEN [FACTORY QUOTE]: the engine's findings for one deployed token, as JSON. */
async function main(): Promise<void> {
  const [url, token, factory, quote] = process.argv.slice(2);
  const client = createPublicClient({ transport: http(url, { batch: true }) });
  const address = getAddress(token);
  const code = (await client.getCode({ address })) as Hex;
  const chainId = await client.getChainId();
  const poolQueries =
    factory && quote
      ? [
          {
            to: getAddress(factory) as Address,
            data: encodeFunctionData({
              abi: parseAbi(['function getPair(address,address) view returns (address)']),
              functionName: 'getPair',
              args: [address, getAddress(quote)],
            }),
          },
        ]
      : [];
  const result = await analyzePowers({
    token: address,
    code,
    logic: null,
    poolQueries,
    reader: new RpcChainStateReader({ client: client as never, chain: 'eth', chainId }),
    signatureOf,
  });
  console.log(JSON.stringify(result, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2));
}
void main();
