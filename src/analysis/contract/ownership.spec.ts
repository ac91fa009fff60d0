import { zeroAddress } from 'viem';
import { isBurnAddress, ownershipOf } from './ownership';

describe('ownershipOf', () => {
  it('counts the zero address as renounced', () => {
    expect(ownershipOf({ owner: zeroAddress, hasOwnershipFunctions: true })).toEqual({
      owner: zeroAddress,
      renounced: true,
      hasOwnershipFunctions: true,
    });
  });

  it('counts 0x…dEaD as renounced, whatever its case', () => {
    expect(ownershipOf({ owner: '0x000000000000000000000000000000000000dEaD', hasOwnershipFunctions: true }).renounced).toBe(true);
    expect(isBurnAddress('0x000000000000000000000000000000000000dead')).toBe(true);
  });

  it('counts a live owner as not renounced', () => {
    expect(ownershipOf({ owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', hasOwnershipFunctions: true }).renounced).toBe(false);
  });

  it('answers unknown, not renounced, when the contract has no owner getter', () => {
    expect(ownershipOf({ owner: null, hasOwnershipFunctions: false }).renounced).toBeNull();
  });
});
