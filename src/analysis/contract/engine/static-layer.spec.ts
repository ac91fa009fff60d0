import { plainSlots, STATIC_LIMITS, type StaticInfo, type StorageRecord } from './static-layer';

const record = (slot: bigint, type: string): StorageRecord => ({ slot, offset: 0, type, reads: [], writes: [] });

describe('plainSlots', () => {
  it("names declared variables and dynamic arrays' length slots, never a mapping's empty base slot", () => {
    const info: StaticInfo = {
      functions: [],
      storage: [
        record(0n, 'string'),
        record(2n, 'address'),
        record(3n, 'mapping(address => uint128[])'),
        record(5n, 'uint128[]'),
        record(2n, 'bool'),
      ],
    };

    expect(plainSlots(info)).toEqual([0n, 2n, 5n]);
  });

  it('names the lowest slots when the layout is unknown', () => {
    const slots = plainSlots({ functions: [], storage: null });

    expect(slots).toHaveLength(STATIC_LIMITS.fallbackSlots);
    expect(slots[0]).toBe(0n);
    expect(slots.at(-1)).toBe(BigInt(STATIC_LIMITS.fallbackSlots - 1));
  });
});
