import { encodeAbiParameters, getAddress, stringToHex } from 'viem';
import { decodeAddress, decodeText, decodeUint } from './token-field.decoder';

const ok = (returnData: `0x${string}`) => ({ success: true, returnData });

describe('decodeText', () => {
  it('reads an ABI string', () => {
    expect(decodeText(ok(encodeAbiParameters([{ type: 'string' }], ['Clean Token'])))).toEqual({
      value: 'Clean Token',
      read: 'string',
    });
  });

  it("reads a bytes32 name such as MKR's", () => {
    expect(decodeText(ok(stringToHex('Maker', { size: 32 })))).toEqual({ value: 'Maker', read: 'bytes32' });
  });

  it('drops control characters a hostile name could carry', () => {
    expect(decodeText(ok(encodeAbiParameters([{ type: 'string' }], ['Evil\nToken\u0007'])))?.value).toBe('EvilToken');
  });

  it('tells a missing function from garbage', () => {
    expect(decodeText({ success: false, returnData: '0x' })).toEqual({ value: null, read: 'failed' });
    expect(decodeText(ok('0x0000000000000000000000000000000000000000000000000000000000000020ff'))).toEqual({
      value: null,
      read: 'undecodable',
    });
  });
});

describe('decodeUint and decodeAddress', () => {
  it('reads a uint word and refuses short data', () => {
    expect(decodeUint(ok(encodeAbiParameters([{ type: 'uint256' }], [42n])))).toEqual({ value: 42n, read: 'uint' });
    expect(decodeUint(ok('0x01'))).toEqual({ value: null, read: 'undecodable' });
  });

  it('reads an address word and refuses dirty high bytes', () => {
    const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    expect(decodeAddress(ok(encodeAbiParameters([{ type: 'address' }], [owner])))).toEqual({
      value: getAddress(owner),
      read: 'address',
    });
    expect(decodeAddress(ok(`0x01${'0'.repeat(22)}${owner.slice(2)}`)).value).toBeNull();
  });
});
