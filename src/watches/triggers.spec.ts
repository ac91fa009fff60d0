import { keccak256, pad, toHex, type Address, type Hex } from 'viem';
import { triggerOf, type ChainLog, type ChainTransaction } from './triggers';
import type { Follows } from './verdict';

const TOKEN = '0x00000000000000000000000000000000000000aa' as Address;
const POOL = '0x00000000000000000000000000000000000000bb' as Address;
const OWNER = '0x00000000000000000000000000000000000000cc' as Address;
const SOMEONE = '0x00000000000000000000000000000000000000dd' as Address;
const topic = (s: string) => keccak256(toHex(s));
const word = (a: string) => pad(a as Hex, { size: 32 });
const TRANSFER = topic('Transfer(address,address,uint256)');
const follows: Follows = { token: TOKEN, pools: [POOL], selectors: ['0x8456cb59'], holders: [OWNER] };
const log = (address: Address, topics: Hex[], block = 5n): ChainLog => ({
  address,
  topics,
  blockNumber: block,
  transactionHash: `0x${block.toString(16).padStart(64, '0')}`,
});
const tx = (to: Address | null, input: Hex, block = 5n): ChainTransaction => ({
  hash: `0x${'e'.repeat(63)}${block}`,
  to,
  input,
  blockNumber: block,
});

describe('triggerOf', () => {
  it('ignores approvals, transfers between ordinary holders, swaps on the pool and calls of other functions', () => {
    expect(
      triggerOf(
        follows,
        [
          log(TOKEN, [topic('Approval(address,address,uint256)'), word(OWNER), word(SOMEONE)]),
          log(TOKEN, [TRANSFER, word(SOMEONE), word(POOL)]),
          log(POOL, [topic('Swap(address,uint256,uint256,uint256,uint256,address)'), word(SOMEONE), word(SOMEONE)]),
          log(POOL, [TRANSFER, word('0x0000000000000000000000000000000000000000'), word(SOMEONE)]),
          // The pool burning the LP sent back to it (a removal; its Burn event is what triggers).
          log(POOL, [TRANSFER, word(POOL), word('0x0000000000000000000000000000000000000000')]),
        ],
        [tx(TOKEN, '0xa9059cbb0000'), tx(SOMEONE, '0x8456cb59')],
      ),
    ).toBeNull();
  });

  it.each([
    ['any other event of the token', [log(TOKEN, [topic('Paused(address)')])], [], 'the token logged event'],
    ['a mint', [log(TOKEN, [TRANSFER, word('0x0000000000000000000000000000000000000000'), word(OWNER)])], [], 'minted'],
    ['the owner moving tokens', [log(TOKEN, [TRANSFER, word(OWNER), word(POOL)])], [], 'moved tokens'],
    [
      'liquidity removed',
      [log(POOL, [topic('Burn(address,uint256,uint256,address)'), word(SOMEONE), word(SOMEONE)])],
      [],
      'liquidity was removed',
    ],
    [
      'LP burned',
      [log(POOL, [TRANSFER, word(OWNER), word('0x000000000000000000000000000000000000dEaD')])],
      [],
      'LP tokens',
    ],
    ['a power called without an event', [], [tx(TOKEN, '0x8456cb59')], 'owner power 0x8456cb59'],
  ])('triggers on %s', (_name, logs, txs, cause) => {
    expect(triggerOf(follows, logs as ChainLog[], txs as ChainTransaction[])?.cause).toContain(cause);
  });

  it('names the earliest block when several things happened', () => {
    const trigger = triggerOf(follows, [log(TOKEN, [topic('Paused(address)')], 9n)], [tx(TOKEN, '0x8456cb59', 7n)]);
    expect(trigger).toMatchObject({ block: 7n, cause: expect.stringContaining('owner power') });
  });
});
