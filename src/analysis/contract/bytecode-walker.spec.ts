import { getAddress, type Hex } from 'viem';
import { metadataLength, stripMetadata } from '../../chain/bytecode-metadata';
import { minimalProxyTarget, scanBytecode } from './bytecode-walker';

/** Joins hand-written instructions ("63 a9059cbb", "14") into one hex string. */
const asm = (...parts: string[]): Hex => `0x${parts.join('').replace(/\s+/g, '')}`;

// PUSH1 0 CALLDATALOAD PUSH1 0xe0 SHR, then the dispatcher.
const PROLOGUE = '6000 35 60e0 1c';
const dispatch = (selector: string, dest: string): string => `80 63${selector} 14 61${dest} 57`;

describe('scanBytecode', () => {
  it('collects dispatcher selectors in both compare forms, skipping masks and non-compares', () => {
    const code = asm(
      PROLOGUE,
      dispatch('a9059cbb', '0040'),
      '63 40c10f19 81 14 61 0050 57', // PUSH4 s DUP2 EQ
      '63 ffffffff 16', // old-style mask: not a function
      '63 08c379a0 60e0 1b', // error selector being built: not compared, not a function
      '00',
    );
    const sut = scanBytecode(code);
    expect(sut.selectors).toEqual(['0xa9059cbb', '0x40c10f19']);
  });

  it('never reads PUSH data as opcodes', () => {
    // PUSH2 0xfff4 and PUSH3 0xff00f4 hide SELFDESTRUCT / DELEGATECALL bytes inside data.
    const sut = scanBytecode(asm(PROLOGUE, '61 fff4', '62 ff00f4', '50 50 00'));
    expect(sut.opcodes.selfdestruct).toBe(0);
    expect(sut.opcodes.delegatecall).toBe(0);
  });

  it('counts reachable SELFDESTRUCT, DELEGATECALL and CALL, and ignores bytes no jump reaches', () => {
    const code = asm(
      PROLOGUE,
      '00', // STOP: what follows is dead until a JUMPDEST
      'ff f4 f1', // unreachable junk
      '5b', // JUMPDEST: live again
      '5a 73 1111111111111111111111111111111111111111 f4',
      '6000 80 80 80 80 73 2222222222222222222222222222222222222222 5a f1',
      '33 ff',
    );
    const sut = scanBytecode(code);
    expect(sut.opcodes).toEqual({ selfdestruct: 1, delegatecall: 1, callcode: 0, call: 1, staticcall: 0 });
    expect(sut.constantAddresses).toEqual([
      getAddress('0x1111111111111111111111111111111111111111'),
      getAddress('0x2222222222222222222222222222222222222222'),
    ]);
  });

  it('stops at the CBOR metadata tail', () => {
    // a2 64 'ipfs' 58 22 <34 bytes> 64 'solc' 43 000825 → length 0x0033, and an 0xff inside it.
    const metadata = `a2 6469706673 5822 ${'ff'.repeat(34)} 64736f6c63 43 000825 0033`;
    const code = asm(PROLOGUE, '00 fe', metadata);
    const sut = scanBytecode(code);
    expect(sut.metadataSize).toBe(0x33 + 2);
    expect(sut.opcodes.selfdestruct).toBe(0);
    expect(stripMetadata(code)).toBe(asm(PROLOGUE, '00 fe'));
  });

  it('finds no metadata when the tail is not a CBOR map', () => {
    expect(metadataLength(Uint8Array.from([0x60, 0x00, 0x00, 0x02]))).toBe(0);
  });
});

describe('minimalProxyTarget', () => {
  const target = '0xbebebebebebebebebebebebebebebebebebebebe';

  it('reads the implementation of an EIP-1167 clone', () => {
    const code = asm('363d3d373d3d3d363d73', target.slice(2), '5af43d82803e903d91602b57fd5bf3');
    expect(minimalProxyTarget(code)).toBe(getAddress(target));
  });

  it('reads the PUSH0 variant (ERC-7511)', () => {
    const code = asm('365f5f375f5f365f73', target.slice(2), '5af43d5f5f3e5f3d91602a57fd5bf3');
    expect(minimalProxyTarget(code)).toBe(getAddress(target));
  });

  it('rejects code that only contains the clone pattern', () => {
    const code = asm('00', '363d3d373d3d3d363d73', target.slice(2), '5af43d82803e903d91602b57fd5bf3');
    expect(minimalProxyTarget(code)).toBeNull();
  });
});
