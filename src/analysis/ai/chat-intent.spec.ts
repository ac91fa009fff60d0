import { recogniseMessage } from './chat-intent';

const A = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const B = '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9';

describe('recogniseMessage', () => {
  it.each([
    [`is ${A} safe?`, 'safety'],
    ['Should I buy this token?', 'safety'],
    ['is it a honeypot or a rug pull?', 'safety'],
    ['what about its taxes?', 'taxes'],
    ['How high are the buy and sell fees', 'taxes'],
    ['who holds it?', 'holders'],
    ['how concentrated are the holders, any whales?', 'holders'],
    ['how deep is the liquidity pool', 'liquidity'],
    ["what's the price today", 'price'],
    ['market cap and volume?', 'price'],
    [`compare ${A} with ${B}`, 'compare'],
    [`${A} vs ${B}`, 'compare'],
    ['which is safer?', 'compare'],
    ['tell me about it', 'overview'],
    [`${A}?`, 'overview'],
    ['hello there', 'unknown'],
    ['', 'unknown'],
  ])('%j → %s', (message, intent) => {
    expect(recogniseMessage(message).intent).toBe(intent);
  });

  it('finds every distinct address, checksummed, in order', () => {
    const sut = recogniseMessage(`compare ${B} and ${A} (again ${B.toUpperCase().replace('0X', '0x')})`);
    expect(sut.addresses).toEqual(['0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9', A]);
  });

  it('does not read words inside an address as signals', () => {
    // "fee" and "a11" style hex must not count: the text is scanned with the addresses removed.
    expect(recogniseMessage('0xfeefeefeefeefeefeefeefeefeefeefeefeefeef').intent).toBe('overview');
  });
});
