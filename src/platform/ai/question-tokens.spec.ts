import { mentionedTokens, withAddresses } from './question-tokens';

const CLEAN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const HONEY = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const known = [
  { symbol: 'CLEAN', address: CLEAN },
  { symbol: 'HONEY', address: HONEY },
  { symbol: 'DUP', address: CLEAN },
  { symbol: 'DUP', address: HONEY },
];

describe('mentionedTokens', () => {
  it('finds symbols in capitals or after $, not ordinary lower-case words', () => {
    expect(mentionedTokens('is CLEAN safer than $honey?', known)).toEqual([
      { symbol: 'CLEAN', address: CLEAN },
      { symbol: 'HONEY', address: HONEY },
    ]);
    expect(mentionedTokens('is it clean? honey?', known)).toEqual([]);
  });

  it('leaves out a symbol two tokens share', () => {
    expect(mentionedTokens('what about DUP', known)).toEqual([]);
  });
});

describe('withAddresses', () => {
  it('puts each address after its symbol, the $ form first', () => {
    expect(withAddresses('clean CLEAN vs $honey', mentionedTokens('clean CLEAN vs $honey', known))).toBe(
      `clean CLEAN (${CLEAN}) vs $honey (${HONEY})`,
    );
  });

  it('leaves a question that already has an address alone', () => {
    const q = `is ${HONEY} like CLEAN?`;
    expect(withAddresses(q, mentionedTokens(q, known))).toBe(q);
  });
});
