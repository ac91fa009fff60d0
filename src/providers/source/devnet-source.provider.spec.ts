import { numberToHex, type Address, type PublicClient, type RpcTransactionReceipt } from 'viem';
import { FakeChainRegistry } from '../../../test/fakes';
import { MAINNET_CHAIN_FACTS } from '../../chain/chain-facts';
import { DevnetSourceProvider } from './devnet-source.provider';

const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address;
const TOKEN = '0xc0c5618f0F3Fa66b496F2940f373DC366d765BAe' as Address;
const LATER = '0xa195ACcEB1945163160CD5703Ed43E4f78176a54' as Address;

/** A devnet whose blocks hold `deploys` (block → created contract); counts receipt reads. */
function devnet(head: { value: bigint }, deploys: Map<bigint, Address>) {
  const reads: bigint[] = [];
  const client = {
    getBlockNumber: async () => head.value,
    request: async ({ params }: { params: [string] }): Promise<RpcTransactionReceipt[]> => {
      const block = BigInt(params[0]);
      reads.push(block);
      const created = deploys.get(block);
      if (!created) return [];
      const receipt = {
        from: DEPLOYER.toLowerCase(),
        contractAddress: created.toLowerCase(),
        status: '0x1',
        transactionHash: `0x${'ab'.repeat(32)}`,
        blockNumber: numberToHex(block),
      };
      return [receipt as unknown as RpcTransactionReceipt];
    },
  } as unknown as PublicClient;
  const context = {
    key: 'devnet' as const,
    facts: MAINNET_CHAIN_FACTS.eth,
    client,
    source: 'devnet' as const,
    servedByDevnet: true,
  };
  const sut = new DevnetSourceProvider({
    chains: new FakeChainRegistry([{ key: 'devnet', chainId: 31337 }], { devnet: context }),
    cacheDir: '/nonexistent',
  });
  return { sut, reads };
}

describe('DevnetSourceProvider.creation', () => {
  it('names the creator, transaction and block from the receipts of the devnet’s blocks, read once and caught up as blocks are added', async () => {
    const head = { value: 120n };
    const deploys = new Map<bigint, Address>([[7n, TOKEN]]);
    const { sut, reads } = devnet(head, deploys);
    await expect(sut.creation('devnet', TOKEN)).resolves.toEqual({
      creator: DEPLOYER,
      transaction: `0x${'ab'.repeat(32)}`,
      block: 7,
    });
    expect(reads).toHaveLength(121);

    await expect(sut.creation('devnet', LATER)).resolves.toBeNull();
    expect(reads).toHaveLength(121);
    deploys.set(121n, LATER);
    head.value = 121n;
    await expect(sut.creation('devnet', LATER)).resolves.toMatchObject({ block: 121 });
    expect(reads).toHaveLength(122);
  });
});
