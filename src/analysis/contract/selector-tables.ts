import { toFunctionSelector, type Hex } from 'viem';
import type { Capability, Severity } from './contract.types';

export interface KnownFunction {
  signature: string;
  selector: Hex;
  capability: Capability;
}

/** What each capability lets the owner do, and how bad that is for a holder. */
export const CAPABILITY_RISK: Record<Capability, { severity: Severity; why: string } | null> = {
  mint: { severity: 'high', why: 'the owner can create new supply and dilute holders' },
  burn_from_holders: { severity: 'critical', why: "the owner can destroy any holder's tokens" },
  pause: { severity: 'high', why: 'the owner can stop all transfers' },
  blacklist: { severity: 'high', why: 'the owner can block chosen addresses from transferring' },
  whitelist: { severity: 'medium', why: 'the owner decides which addresses are exempt from the rules' },
  fee_setter: { severity: 'high', why: 'the owner can change buy/sell fees at any time' },
  limit_setter: { severity: 'medium', why: 'the owner can change max transaction or wallet limits' },
  limit_getter: null,
  cooldown: { severity: 'medium', why: 'the owner can make holders wait between trades' },
  trading_switch: { severity: 'high', why: 'the owner can switch trading on or off' },
  upgrade: { severity: 'high', why: 'the owner can replace the contract code' },
  ownership: null,
  erc20: null,
};

const TABLE: Record<Exclude<Capability, 'erc20'>, string[]> = {
  mint: [
    'mint(address,uint256)',
    'mint(uint256)',
    'mintTo(address,uint256)',
    'issue(uint256)', // USDT
    'configureMinter(address,uint256)', // USDC
    'addMinter(address)',
    'setMinter(address)',
    'grantMinterRole(address)',
    '_mint(address,uint256)',
  ],
  burn_from_holders: ['destroyBlackFunds(address)', 'adminBurn(address,uint256)'],
  pause: ['pause()', 'unpause()', 'setPaused(bool)', 'pauseTrading()', 'togglePause()'],
  blacklist: [
    'addBlackList(address)', // USDT
    'removeBlackList(address)',
    'blacklist(address)', // USDC
    'unBlacklist(address)',
    'unblacklist(address)',
    'addToBlacklist(address)',
    'removeFromBlacklist(address)',
    'setBlacklist(address,bool)',
    'blacklistAddress(address,bool)',
    'setBlacklisted(address,bool)',
    'addBots(address[])',
    'setBots(address[])',
    'delBot(address)',
    'setBot(address,bool)',
    'blockBots(address[])',
  ],
  whitelist: ['setWhitelisted(address,bool)', 'setWhitelist(address,bool)', 'addToWhitelist(address)', 'setExempt(address,bool)'],
  fee_setter: [
    'setFees(uint256,uint256)',
    'setFee(uint256)',
    'setFee(uint256,uint256)',
    'setTaxFeePercent(uint256)',
    'setLiquidityFeePercent(uint256)',
    'updateFees(uint256,uint256)',
    'updateFees(uint256,uint256,uint256)',
    'setBuyFee(uint256)',
    'setSellFee(uint256)',
    'setBuyTax(uint256)',
    'setSellTax(uint256)',
    'updateBuyFees(uint256,uint256,uint256)',
    'updateSellFees(uint256,uint256,uint256)',
    'setTaxes(uint256,uint256)',
    'setParams(uint256,uint256,uint256,uint256,uint256)', // USDT's fee basis points and max fee
  ],
  limit_setter: [
    'setMaxTxAmount(uint256)',
    'setMaxWalletSize(uint256)',
    'setMaxTxPercent(uint256)',
    'setMaxWalletPercent(uint256)',
    'setMaxWallet(uint256)',
    'updateMaxTxnAmount(uint256)',
    'updateMaxWalletAmount(uint256)',
    'setLimits(uint256,uint256)',
    'removeLimits()',
  ],
  limit_getter: [
    'maxTxAmount()',
    '_maxTxAmount()',
    'maxWalletSize()',
    '_maxWalletSize()',
    'maxWallet()',
    'maxTransactionAmount()',
    'tradeCooldown()',
    'cooldownEnabled()',
  ],
  cooldown: ['setCooldown(uint256)', 'setCooldownEnabled(bool)', 'setTradeCooldown(uint256)'],
  trading_switch: ['enableTrading()', 'openTrading()', 'setTradingEnabled(bool)', 'setTrading(bool)', 'startTrading()'],
  upgrade: ['upgradeTo(address)', 'upgradeToAndCall(address,bytes)', 'changeAdmin(address)', 'upgrade(address)', 'deprecate(address)'],
  ownership: ['owner()', 'getOwner()', 'transferOwnership(address)', 'renounceOwnership()', 'acceptOwnership()'],
};

/** ERC-20 and EIP-2612 surface: expected in any token, never probed for hidden behaviour. */
const STANDARD = [
  'name()',
  'symbol()',
  'decimals()',
  'totalSupply()',
  'balanceOf(address)',
  'allowance(address,address)',
  'transfer(address,uint256)',
  'approve(address,uint256)',
  'transferFrom(address,address,uint256)',
  'increaseAllowance(address,uint256)',
  'decreaseAllowance(address,uint256)',
  'burn(uint256)',
  'burnFrom(address,uint256)',
  'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  'nonces(address)',
  'DOMAIN_SEPARATOR()',
  'supportsInterface(bytes4)',
];

function buildTable(): Map<Hex, KnownFunction> {
  const table = new Map<Hex, KnownFunction>();
  const add = (signature: string, capability: Capability): void => {
    const selector = toFunctionSelector(`function ${signature}`);
    if (!table.has(selector)) table.set(selector, { signature, selector, capability });
  };
  for (const signature of STANDARD) add(signature, 'erc20');
  for (const [capability, signatures] of Object.entries(TABLE)) {
    for (const signature of signatures) add(signature, capability as Capability);
  }
  return table;
}

/** Every known selector, keyed by selector. */
export const KNOWN_FUNCTIONS: ReadonlyMap<Hex, KnownFunction> = buildTable();

/** The signatures behind the table, for the test that recomputes each selector with keccak. */
export const KNOWN_SIGNATURES: Readonly<Record<Capability, readonly string[]>> = { erc20: STANDARD, ...TABLE };
