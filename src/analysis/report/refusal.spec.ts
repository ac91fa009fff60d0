import type { Finding } from '../contract/engine/findings';
import type { SimulationSection } from '../simulation/simulation.types';
import { explainHolderSells, explainRefusal } from './refusal';
import type { HolderSellCheck } from '../simulation/simulation.types';

const owner = {
  kind: 'owner_slot',
  slot: '0x06',
  getter: 'owner()',
  holder: '0x00000000000000000000000000000000000000aa',
  holderType: 'eoa',
} as const;
const finding = (over: Partial<Finding>): Finding => ({
  kind: 'pause',
  severity: 'high',
  selector: '0x11111111',
  signature: 'pause()',
  authority: owner,
  status: 'live',
  evidence: 'measured',
  ...over,
});
const honeypot = {
  possible: true,
  isHoneypot: true,
  honeypotReason: 'sell reverted: TRANSFER_FAILED',
  detail: 'sell reverted: TRANSFER_FAILED',
} as SimulationSection;

describe('explainRefusal', () => {
  it('ends the honeypot reason with the live power whose gate decides it first, and who holds it', () => {
    const gate = { slot: '0x01', mapping: { slot: '0x08', keyedBy: 'holder' }, value: '0x00', setTo: '0x01' } as const;
    const explained = explainRefusal(honeypot, [
      finding({}),
      finding({ kind: 'whitelist_only', selector: '0x9281aa0b', signature: 'setWhitelisted(address,bool)', gate }),
      finding({ kind: 'mint', signature: 'mint(address,uint256)' }),
    ]);
    expect(explained.honeypotReason).toBe(
      'sell reverted: TRANSFER_FAILED (decided by whitelist_only through `setWhitelisted(address,bool)`, held by the owner (owner() = 0x00000000000000000000000000000000000000aa, an EOA); pause through `pause()`, held by the owner (owner() = 0x00000000000000000000000000000000000000aa, an EOA))',
    );
    expect(explained.detail).toBe(explained.honeypotReason);
  });

  it('says when the code offers no power that decides it, and leaves a sellable token alone', () => {
    expect(explainRefusal(honeypot, [finding({ status: 'dormant' })]).honeypotReason).toBe(
      'sell reverted: TRANSFER_FAILED (no owner power that decides it was found in the code)',
    );
    const fair = { possible: true, isHoneypot: false, honeypotReason: null } as SimulationSection;
    expect(explainRefusal(fair, [finding({})])).toBe(fair);
  });

  it("ends the holders' sells detail with the cause when some cannot sell, and leaves it alone when all can", () => {
    const check = {
      cannotSell: 2,
      detail: '2 of 9 holders cannot sell any of their tokens (TRANSFER_FAILED)',
    } as HolderSellCheck;
    expect(explainHolderSells(check, [finding({ kind: 'blacklist', signature: 'setBot(address,bool)' })])!.detail).toBe(
      '2 of 9 holders cannot sell any of their tokens (TRANSFER_FAILED) (decided by blacklist through `setBot(address,bool)`, held by the owner (owner() = 0x00000000000000000000000000000000000000aa, an EOA))',
    );
    const fine = { cannotSell: 0, detail: null } as HolderSellCheck;
    expect(explainHolderSells(fine, [finding({})])).toBe(fine);
  });
});
