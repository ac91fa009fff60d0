/**
 * The modern-token set: tokens in the style of 2021–2024 launches, written for this benchmark.
 * There are scams (each has at least one owner power) and clean tokens (no owner power).
 * One entry per file in contracts/. The flags follow the definitions in ../shared/corpus/README.md:
 * - mint: a privileged caller can create tokens;
 * - leak: a privileged caller can seize or burn others' tokens, or set a fee of 50 % or more;
 * - limit: a privileged caller can stop holders from transferring or selling.
 * 'upgrade' and 'hidden_owner' are 'control' kinds and set none of the three flags.
 *
 * Conventions of this set:
 * - trading_switch is listed only when the owner can close trading again after launch. A one-way
 *   `enableTrading()` is not a power once it has been called, so it is allowed in clean tokens.
 * - transfer_limit is listed only when the owner can lower the limit. A fixed limit that can only be
 *   raised or removed is allowed in clean tokens.
 * - An external contract that the transfer path consults is external_transfer_hook when an
 *   authority (owner, hard-coded address) can replace it. The flags count what the token's own
 *   code lets that authority do (e.g. a keeper whose returned balances are written).
 *
 * `launch`: the owner-only calls (no arguments, or one bool passed true) after which a stranger's
 * buy succeeds. `sells`: what a holder's sell does in the launched default state.
 * `probes`: owner actions that show each labelled power on a live chain (used by check.ts only).
 */
import type { FindingKind } from '../../src/analysis/contract/engine/findings';

export type Style = 'scam' | 'clean';

/**
 * Argument placeholders: '$holder' (the first buyer), '$other' (the second buyer), '$owner' (the
 * deployer), '$evil' (a hook contract that blocks or confiscates, see check.ts), '$holderBalance'
 * (the holder's balance when the probe starts). Numbers are uint amounts; '1e27'-style strings too.
 */
export type ProbeArg = string | number | boolean | ProbeArg[];

export interface ProbeCall {
  fn: string;
  args?: ProbeArg[];
  /** Sender; default the owner (deployer). A literal address is impersonated (hard-coded authorities). */
  from?: string;
  /** Call the contract whose address the token's no-arg view `on` returns (e.g. 'ledger'), with the ABI of `onContract`. */
  on?: string;
  onContract?: string;
}

export type ProbeEffect =
  /** the holder's sell through the router reverts */
  | 'sell_blocked'
  /** a transfer from the holder to another wallet reverts */
  | 'transfer_blocked'
  /** of two consecutive small sells by the holder, one reverts */
  | 'cooldown'
  /** a sell reverts or pays less than half of the router's fee-less quote */
  | 'sell_confiscated'
  /** the holder's balance drops (after a 1-wei transfer if `trigger` is 'transfer') */
  | 'balance_taken'
  /** the owner's plus the holder's balance grows without anyone paying */
  | 'minted'
  /** the (last) call itself reverts: a bounded setter refuses a harmful value */
  | 'call_reverts'
  /** after the calls the holder can still sell */
  | 'sell_ok';

export interface Probe {
  effect: ProbeEffect;
  calls: ProbeCall[];
  trigger?: 'transfer';
}

export interface ModernToken {
  name: string;
  /** Relative to bench/modern-tokens/contracts/. */
  file: string;
  /** The deployable contract (its runtime code is the row's code). */
  contract: string;
  style: Style;
  labels: { mint: boolean; leak: boolean; limit: boolean };
  expected_kinds: FindingKind[];
  notes: string;
  optimizer: boolean;
  /** Whether the constructor creates the WETH pair through the mainnet router (else addLiquidityETH does). */
  pairInConstructor: boolean;
  launch: string[];
  sells: 'ok' | 'refused';
  probes: Probe[];
}

const NONE = { mint: false, leak: false, limit: false };

export const TOKENS: ModernToken[] = [
  // ================================================================== scams
  {
    name: 'shiba-moon-inu',
    file: 'ShibaMoonInu.sol',
    contract: 'ShibaMoonInu',
    style: 'scam',
    labels: { mint: false, leak: true, limit: true },
    expected_kinds: ['transfer_limit', 'blacklist', 'confiscatory_fee'],
    notes:
      'Stealth-launch clone: openTrading() (one-way); setMaxTxAmount/setMaxWalletSize with no floor; addBots blacklist read on transfer; setFees(buy, sell) uncapped.',
    optimizer: true,
    pairInConstructor: true,
    launch: ['openTrading()'],
    sells: 'ok',
    probes: [
      { effect: 'sell_blocked', calls: [{ fn: 'addBots', args: [['$holder']] }] },
      { effect: 'sell_confiscated', calls: [{ fn: 'setFees', args: [0, 99] }] },
      { effect: 'sell_blocked', calls: [{ fn: 'setMaxTxAmount', args: [0] }] },
    ],
  },
  {
    name: 'pepe-king-ai',
    file: 'PepeKingAI.sol',
    contract: 'PepeKingAI',
    style: 'scam',
    labels: { mint: false, leak: true, limit: true },
    expected_kinds: ['transfer_limit', 'confiscatory_fee'],
    notes:
      'enableTrading() looks up the pair (one-way); updateMaxTxnAmount/updateMaxWalletAmount have no floor; fee setters capped at a pointless 99%.',
    optimizer: true,
    pairInConstructor: false,
    launch: ['enableTrading()'],
    sells: 'ok',
    probes: [
      { effect: 'sell_confiscated', calls: [{ fn: 'updateSellFees', args: [90, 9] }] },
      { effect: 'sell_blocked', calls: [{ fn: 'updateMaxTxnAmount', args: [0] }] },
    ],
  },
  {
    name: 'elon-doge-rocket',
    file: 'ElonDogeRocket.sol',
    contract: 'ElonDogeRocket',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['cooldown'],
    notes:
      'launch() (one-way); setCooldowns(buySeconds, sellSeconds) uncapped: a sell must wait sellSeconds after the last buy/sell, so a year-long cooldown freezes every buyer.',
    optimizer: false,
    pairInConstructor: true,
    launch: ['launch()'],
    sells: 'ok',
    probes: [{ effect: 'cooldown', calls: [{ fn: 'setCooldowns', args: [0, 31536000] }] }],
  },
  {
    name: 'safe-galaxy-fi',
    file: 'SafeGalaxyFi.sol',
    contract: 'SafeGalaxyFi',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['whitelist_only'],
    notes:
      'Honeypot: a transfer to the pair requires _isExcluded[from] ("anti-dump"), so only owner-excluded wallets can sell; revert text mimics a balance error.',
    optimizer: false,
    pairInConstructor: true,
    launch: [],
    sells: 'refused',
    probes: [{ effect: 'sell_blocked', calls: [] }],
  },
  {
    name: 'turbo-frog-coin',
    file: 'TurboFrogCoin.sol',
    contract: 'TurboFrogCoin',
    style: 'scam',
    labels: { mint: true, leak: true, limit: true },
    expected_kinds: ['external_transfer_hook', 'mint', 'balance_seizure'],
    notes:
      'Balances live in a FrogLedger the constructor deploys with new; the ledger keeper (deployer) can sync() any balance; the owner can migrateLedger() to any contract.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [
      {
        effect: 'balance_taken',
        calls: [{ fn: 'sync', args: ['$holder', 0], on: 'ledger', onContract: 'FrogLedger' }],
      },
      { effect: 'minted', calls: [{ fn: 'sync', args: ['$owner', '1e30'], on: 'ledger', onContract: 'FrogLedger' }] },
      { effect: 'transfer_blocked', calls: [{ fn: 'migrateLedger', args: ['$evil'] }] },
    ],
  },
  {
    name: 'ape-vault-token',
    file: 'ApeVaultToken.sol',
    contract: 'ApeVaultToken',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['trading_switch', 'external_transfer_hook'],
    notes:
      'setTradingOpen(bool) can close trading again; a "tax helper" at a hard-coded address (no code on a fresh chain) is asked beforeTransfer when it has code, and setTaxHelper replaces it.',
    optimizer: true,
    pairInConstructor: false,
    launch: ['setTradingOpen(bool)'],
    sells: 'ok',
    probes: [
      { effect: 'sell_blocked', calls: [{ fn: 'setTradingOpen', args: [false] }] },
      { effect: 'sell_blocked', calls: [{ fn: 'setTaxHelper', args: ['$evil'] }] },
    ],
  },
  {
    name: 'giga-chad-token',
    file: 'GigaChadToken.sol',
    contract: 'GigaChadToken',
    style: 'scam',
    labels: { mint: false, leak: true, limit: false },
    expected_kinds: ['balance_seizure'],
    notes:
      "Decaying-tax 2023 clone whose transferFrom skips the allowance when msg.sender is _taxWallet (the deployer), so the tax wallet can move anyone's tokens; limits only removable.",
    optimizer: true,
    pairInConstructor: false,
    launch: ['openTrading()'],
    sells: 'ok',
    probes: [
      { effect: 'balance_taken', calls: [{ fn: 'transferFrom', args: ['$holder', '$owner', '$holderBalance'] }] },
    ],
  },
  {
    name: 'safu-moon-v2',
    file: 'SafuMoonV2.sol',
    contract: 'SafuMoonV2',
    style: 'scam',
    labels: { mint: false, leak: true, limit: false },
    expected_kinds: ['hidden_owner', 'confiscatory_fee'],
    notes:
      'renounceOwnership clears _owner, but onlyDev also accepts a private _dev slot set in the constructor; the dev keeps setFees(buy, sell) with no cap.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'sell_confiscated', calls: [{ fn: 'renounceOwnership' }, { fn: 'setFees', args: [0, 100] }] }],
  },
  {
    name: 'neoverse-proxy',
    file: 'NeoVerseToken.sol',
    contract: 'NeoVerseToken',
    style: 'scam',
    labels: NONE,
    expected_kinds: ['upgrade'],
    notes:
      'EIP-1967 proxy (the deployed contract); its constructor deploys NeoVerseLogic with new and initializes it; the admin can upgradeTo any implementation. The logic itself is plain.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'transfer_blocked', calls: [{ fn: 'upgradeTo', args: ['$evil'] }] }],
  },
  {
    name: 'baby-floki-rewards',
    file: 'BabyFlokiRewards.sol',
    contract: 'BabyFlokiRewards',
    style: 'scam',
    labels: { mint: false, leak: true, limit: true },
    expected_kinds: ['confiscatory_fee', 'transfer_limit'],
    notes:
      'SafeMoon-style reflection (rOwned/tOwned, excludeFromReward); setTaxFeePercent and setLiquidityFeePercent uncapped; setMaxTxPercent can set the max transaction to 0.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [
      { effect: 'sell_confiscated', calls: [{ fn: 'setLiquidityFeePercent', args: [90] }] },
      { effect: 'sell_blocked', calls: [{ fn: 'setMaxTxPercent', args: [0] }] },
    ],
  },
  {
    name: 'elastic-yield',
    file: 'ElasticYieldToken.sol',
    contract: 'ElasticYieldToken',
    style: 'scam',
    labels: { mint: true, leak: false, limit: false },
    expected_kinds: ['mint'],
    notes:
      'Gons-based rebasing ledger; rebase(supplyDelta) by the monetaryPolicy (deployer) expands every balance and the total supply at will.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'minted', calls: [{ fn: 'rebase', args: ['1e27'] }] }],
  },
  {
    name: 'meta-quest',
    file: 'MetaQuestToken.sol',
    contract: 'MetaQuestToken',
    style: 'scam',
    labels: { mint: true, leak: false, limit: true },
    expected_kinds: ['mint', 'transfer_limit'],
    notes:
      'OZ-style _beforeTokenTransfer hook; startTrading() (one-way); airdrop(recipients, amount) mints new tokens; setMaxWalletPercent(0) allowed.',
    optimizer: true,
    pairInConstructor: true,
    launch: ['startTrading()'],
    sells: 'ok',
    probes: [
      { effect: 'minted', calls: [{ fn: 'airdrop', args: [['$owner'], '1e27'] }] },
      { effect: 'transfer_blocked', calls: [{ fn: 'setMaxWalletPercent', args: [0] }] },
    ],
  },
  {
    name: 'alphabot-ai',
    file: 'AlphaBotAI.sol',
    contract: 'AlphaBotAI',
    style: 'scam',
    labels: { mint: false, leak: true, limit: false },
    expected_kinds: ['balance_seizure'],
    notes:
      "Custom errors, taxes capped at 25%; rescue(holder, amount) moves any holder's tokens to the owner and burnFrom(account, amount) burns them without allowance.",
    optimizer: true,
    pairInConstructor: false,
    launch: ['openTrading()'],
    sells: 'ok',
    probes: [
      { effect: 'balance_taken', calls: [{ fn: 'rescue', args: ['$holder', '$holderBalance'] }] },
      { effect: 'balance_taken', calls: [{ fn: 'burnFrom', args: ['$holder', '$holderBalance'] }] },
    ],
  },
  {
    name: 'zenith-coin',
    file: 'ZenithCoin.sol',
    contract: 'ZenithCoin',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['pause', 'blacklist'],
    notes: 'Pausable: pause() stops every transfer not sent by the owner; setBlacklist/blacklistMany read on transfer.',
    optimizer: false,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [
      { effect: 'transfer_blocked', calls: [{ fn: 'pause' }] },
      { effect: 'sell_blocked', calls: [{ fn: 'setBlacklist', args: ['$holder', true] }] },
    ],
  },
  {
    name: 'quantum-pepe',
    file: 'QuantumPepe.sol',
    contract: 'QuantumPepe',
    style: 'scam',
    labels: { mint: false, leak: true, limit: true },
    expected_kinds: ['external_transfer_hook', 'confiscatory_fee'],
    notes:
      'The fee of every transfer is whatever feeProcessor.quote() returns (no clamp); the constructor deploys QuantumFeeProcessor whose operator sets uncapped rates; setFeeProcessor replaces it.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [
      {
        effect: 'sell_confiscated',
        calls: [{ fn: 'setRates', args: [0, 10000], on: 'feeProcessor', onContract: 'QuantumFeeProcessor' }],
      },
      { effect: 'sell_confiscated', calls: [{ fn: 'setFeeProcessor', args: ['$evil'] }] },
    ],
  },
  {
    name: 'kishu-prime-inu',
    file: 'KishuPrimeInu.sol',
    contract: 'KishuPrimeInu',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['transfer_limit', 'cooldown'],
    notes:
      'launch() (one-way); per-tx.origin transfer delay with setCooldownBlocks uncapped; setMaxWallet with no floor.',
    optimizer: true,
    pairInConstructor: false,
    launch: ['launch()'],
    sells: 'ok',
    probes: [
      { effect: 'cooldown', calls: [{ fn: 'setCooldownBlocks', args: [1000000] }] },
      { effect: 'transfer_blocked', calls: [{ fn: 'setMaxWallet', args: [0] }] },
    ],
  },
  {
    name: 'robo-shiba',
    file: 'RoboShiba.sol',
    contract: 'RoboShiba',
    style: 'scam',
    labels: { mint: false, leak: true, limit: true },
    expected_kinds: ['blacklist', 'confiscatory_fee'],
    notes:
      'blockBots/addBot/unblockBot blacklist read on transfer; setFee(buy, sell) capped at 100%; openTrading() one-way.',
    optimizer: true,
    pairInConstructor: false,
    launch: ['openTrading()'],
    sells: 'ok',
    probes: [
      { effect: 'sell_blocked', calls: [{ fn: 'addBot', args: ['$holder'] }] },
      { effect: 'sell_confiscated', calls: [{ fn: 'setFee', args: [0, 100] }] },
    ],
  },
  {
    name: 'simpson-pepe',
    file: 'SimpsonPepe.sol',
    contract: 'SimpsonPepe',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['trading_switch', 'transfer_limit'],
    notes:
      'setTrading(bool) opens and closes trading; setMaxTxnAmount/setMaxWalletSize only refuse 0, so 1 wei is allowed.',
    optimizer: true,
    pairInConstructor: true,
    launch: ['setTrading(bool)'],
    sells: 'ok',
    probes: [
      { effect: 'sell_blocked', calls: [{ fn: 'setTrading', args: [false] }] },
      { effect: 'sell_blocked', calls: [{ fn: 'setMaxTxnAmount', args: [1] }] },
    ],
  },
  {
    name: 'golden-retriever-ai',
    file: 'GoldenRetrieverAI.sol',
    contract: 'GoldenRetrieverAI',
    style: 'scam',
    labels: { mint: false, leak: true, limit: false },
    expected_kinds: ['confiscatory_fee'],
    notes: 'OZ v5-style _update override with swap-back; updateFees capped "for your safety" at 90%.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'sell_confiscated', calls: [{ fn: 'updateFees', args: [0, 90] }] }],
  },
  {
    name: 'hyper-dragon',
    file: 'HyperDragon.sol',
    contract: 'HyperDragon',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['whitelist_only'],
    notes:
      'Honeypot: antiDumpPhase (on at deployment) lets only _canSell wallets transfer to the pair; setSellers/setAntiDumpPhase are owner-only.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'refused',
    probes: [{ effect: 'sell_blocked', calls: [] }],
  },
  {
    name: 'lunar-bridge',
    file: 'LunarBridgeToken.sol',
    contract: 'LunarBridgeToken',
    style: 'scam',
    labels: { mint: true, leak: true, limit: true },
    expected_kinds: ['mint', 'balance_seizure', 'external_transfer_hook'],
    notes:
      'A hard-coded "relayer" address may syncBalance(account, any) and setGuard(); the guard (initially that address, no code on a fresh chain) validates every transfer once it has code.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [
      {
        effect: 'balance_taken',
        calls: [{ fn: 'syncBalance', args: ['$holder', 0], from: '0xfe13b19d8410bd3DDf48C5e4D3a2C881fBD216Db' }],
      },
      {
        effect: 'minted',
        calls: [{ fn: 'syncBalance', args: ['$owner', '1e30'], from: '0xfe13b19d8410bd3DDf48C5e4D3a2C881fBD216Db' }],
      },
      {
        effect: 'transfer_blocked',
        calls: [{ fn: 'setGuard', args: ['$evil'], from: '0xfe13b19d8410bd3DDf48C5e4D3a2C881fBD216Db' }],
      },
    ],
  },
  {
    name: 'catgirl-reflect',
    file: 'CatGirlReflect.sol',
    contract: 'CatGirlReflect',
    style: 'scam',
    labels: { mint: false, leak: true, limit: true },
    expected_kinds: ['confiscatory_fee', 'blacklist'],
    notes:
      'Reflection with excludeFromReward; setTaxFeePercent and setDevFeePercent uncapped; blacklistAddress read on transfer.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [
      { effect: 'sell_confiscated', calls: [{ fn: 'setDevFeePercent', args: [90] }] },
      { effect: 'sell_blocked', calls: [{ fn: 'blacklistAddress', args: ['$holder', true] }] },
    ],
  },
  {
    name: 'yield-farm',
    file: 'YieldFarmToken.sol',
    contract: 'YieldFarmToken',
    style: 'scam',
    labels: { mint: true, leak: false, limit: false },
    expected_kinds: ['mint', 'hidden_owner'],
    notes:
      'distributeRewards(farmer, amount) mints for a private _rewardDistributor slot (the deployer) that survives renounceOwnership.',
    optimizer: false,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [
      { effect: 'minted', calls: [{ fn: 'renounceOwnership' }, { fn: 'distributeRewards', args: ['$owner', '1e27'] }] },
    ],
  },
  {
    name: 'novaswap',
    file: 'NovaSwapToken.sol',
    contract: 'NovaSwapToken',
    style: 'scam',
    labels: { mint: false, leak: true, limit: true },
    expected_kinds: ['balance_seizure', 'trading_switch'],
    notes:
      'OZ-style ERC20; setTradingActive(bool) reversible; burnFrom(account, amount) onlyOwner burns without allowance ("sandwich bots").',
    optimizer: true,
    pairInConstructor: false,
    launch: ['setTradingActive(bool)'],
    sells: 'ok',
    probes: [
      { effect: 'balance_taken', calls: [{ fn: 'burnFrom', args: ['$holder', '$holderBalance'] }] },
      { effect: 'sell_blocked', calls: [{ fn: 'setTradingActive', args: [false] }] },
    ],
  },
  {
    name: 'omnichain-delegated',
    file: 'OmniChainToken.sol',
    contract: 'OmniChainToken',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['upgrade', 'blacklist'],
    notes:
      'transfer/transferFrom delegatecall a replaceable transfer module (V1 deployed with new); V1 reads a _restricted blacklist the owner sets.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [
      { effect: 'sell_blocked', calls: [{ fn: 'setRestricted', args: ['$holder', true] }] },
      { effect: 'transfer_blocked', calls: [{ fn: 'setTransferLogic', args: ['$evil'] }] },
    ],
  },
  {
    name: 'shadowfi',
    file: 'ShadowFiToken.sol',
    contract: 'ShadowFiToken',
    style: 'scam',
    labels: { mint: true, leak: false, limit: false },
    expected_kinds: ['mint', 'hidden_owner'],
    notes:
      'Tax capped at 10% with a transient-storage swap lock; syncRewards(account, amount) credits balances (no supply change, no event) for an immutable _operator that survives the renounce.',
    optimizer: true,
    pairInConstructor: true,
    launch: ['openTrading()'],
    sells: 'ok',
    probes: [
      { effect: 'minted', calls: [{ fn: 'renounceOwnership' }, { fn: 'syncRewards', args: ['$owner', '1e24'] }] },
    ],
  },
  {
    name: 'turbo-snail',
    file: 'TurboSnailToken.sol',
    contract: 'TurboSnailToken',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['cooldown', 'transfer_limit'],
    notes:
      'Per-wallet swap cooldown: setCooldownTime(seconds) uncapped (0 at deployment); setMaxTxAmount with no floor.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [
      { effect: 'cooldown', calls: [{ fn: 'setCooldownTime', args: [31536000] }] },
      { effect: 'sell_blocked', calls: [{ fn: 'setMaxTxAmount', args: [0] }] },
    ],
  },
  {
    name: 'maga-2024',
    file: 'MagaTrump2024.sol',
    contract: 'MagaTrump2024',
    style: 'scam',
    labels: { mint: false, leak: true, limit: true },
    expected_kinds: ['confiscatory_fee', 'transfer_limit'],
    notes: '1/1 tax at launch; setSellTax/setBuyTax capped at 100%; setMaxWalletPercent(0) allowed.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [
      { effect: 'sell_confiscated', calls: [{ fn: 'setSellTax', args: [100] }] },
      { effect: 'transfer_blocked', calls: [{ fn: 'setMaxWalletPercent', args: [0] }] },
    ],
  },
  {
    name: 'crossbridge',
    file: 'CrossBridgeToken.sol',
    contract: 'CrossBridgeToken',
    style: 'scam',
    labels: { mint: true, leak: true, limit: false },
    expected_kinds: ['mint', 'balance_seizure'],
    notes:
      'Built-in "bridge": the bridge address (deployer, owner-settable) may bridgeMint to anyone and bridgeBurn from anyone without allowance.',
    optimizer: false,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [
      { effect: 'minted', calls: [{ fn: 'bridgeMint', args: ['$owner', '1e27', 1] }] },
      { effect: 'balance_taken', calls: [{ fn: 'bridgeBurn', args: ['$holder', '$holderBalance', 1] }] },
    ],
  },
  {
    name: 'usdefi-stable',
    file: 'USDeFiStable.sol',
    contract: 'USDeFiStable',
    style: 'scam',
    labels: { mint: true, leak: true, limit: true },
    expected_kinds: ['mint', 'blacklist', 'balance_seizure'],
    notes:
      'Stablecoin clone with its own EIP-2612 permit; issuer can issue() unbounded, freeze(account) and wipeFrozenAddress (two-step seizure).',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [
      { effect: 'minted', calls: [{ fn: 'issue', args: ['1e18'] }] },
      { effect: 'sell_blocked', calls: [{ fn: 'freeze', args: ['$holder', true] }] },
      {
        effect: 'balance_taken',
        calls: [
          { fn: 'freeze', args: ['$holder', true] },
          { fn: 'wipeFrozenAddress', args: ['$holder'] },
        ],
      },
    ],
  },
  {
    name: 'bonk-killer',
    file: 'BonkKillerToken.sol',
    contract: 'BonkKillerToken',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['trading_switch', 'transfer_limit'],
    notes:
      'setTradingEnabled(bool) reversible; setMaxBuyAmount/setMaxSellAmount accept 0 (a 0 max sell refuses every sell).',
    optimizer: true,
    pairInConstructor: true,
    launch: ['setTradingEnabled(bool)'],
    sells: 'ok',
    probes: [
      { effect: 'sell_blocked', calls: [{ fn: 'setMaxSellAmount', args: [0] }] },
      { effect: 'sell_blocked', calls: [{ fn: 'setTradingEnabled', args: [false] }] },
    ],
  },
  {
    name: 'arbidoge',
    file: 'ArbiDogeToken.sol',
    contract: 'ArbiDogeToken',
    style: 'scam',
    labels: { mint: true, leak: true, limit: true },
    expected_kinds: ['external_transfer_hook', 'mint', 'balance_seizure'],
    notes:
      'balanceKeeper starts at a hard-coded address (no code on a fresh chain) and is owner-settable; when it has code, every transfer writes the balances keeper.update() returns (try/catch).',
    optimizer: true,
    pairInConstructor: false,
    launch: ['openTrading()'],
    sells: 'ok',
    probes: [{ effect: 'balance_taken', calls: [{ fn: 'setBalanceKeeper', args: ['$evil'] }], trigger: 'transfer' }],
  },
  {
    name: 'governance-dao',
    file: 'GovernanceDAOToken.sol',
    contract: 'GovernanceDAOToken',
    style: 'scam',
    labels: { mint: true, leak: false, limit: false },
    expected_kinds: ['mint'],
    notes: 'Checkpointed votes token whose foundation (deployer) may emitRewards(contributor, amount) without any cap.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'minted', calls: [{ fn: 'emitRewards', args: ['$owner', '1e27'] }] }],
  },
  {
    name: 'launchpad-x',
    file: 'LaunchpadX.sol',
    contract: 'LaunchpadX',
    style: 'scam',
    labels: { mint: false, leak: false, limit: true },
    expected_kinds: ['whitelist_only'],
    notes:
      'User-defined value type fee (capped 5%); setPresaleMode(true) lets only presaleWhitelist senders transfer, at any time after launch.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'sell_blocked', calls: [{ fn: 'setPresaleMode', args: [true] }] }],
  },
  {
    name: 'neural-inu-ai',
    file: 'NeuralInuAI.sol',
    contract: 'NeuralInuAI',
    style: 'scam',
    labels: { mint: false, leak: true, limit: true },
    expected_kinds: ['hidden_owner', 'blacklist', 'confiscatory_fee'],
    notes:
      'owner() always returns address(0) ("renounced") while a private _admin keeps launch, setBots (blacklist) and updateTax (uncapped).',
    optimizer: true,
    pairInConstructor: false,
    launch: ['launch()'],
    sells: 'ok',
    probes: [
      { effect: 'sell_blocked', calls: [{ fn: 'setBots', args: [['$holder'], true] }] },
      { effect: 'sell_confiscated', calls: [{ fn: 'updateTax', args: [100] }] },
    ],
  },

  // ================================================================== clean
  {
    name: 'fair-pepe',
    file: 'FairPepe.sol',
    contract: 'FairPepe',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes:
      'Tax token with swap-back; setTaxes requires <= 10 (and the transfer path clamps to 10); bounded setSwapThreshold.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'call_reverts', calls: [{ fn: 'setTaxes', args: [11, 11] }] }],
  },
  {
    name: 'mooncat-community',
    file: 'MoonCatCommunity.sol',
    contract: 'MoonCatCommunity',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes:
      'Ownership renounced in the constructor; a setTradingOpen decoy that nobody can call and transfers never read.',
    optimizer: false,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'call_reverts', calls: [{ fn: 'setTradingOpen', args: [false] }] }],
  },
  {
    name: 'zephyr-permit',
    file: 'ZephyrPermit.sol',
    contract: 'ZephyrPermit',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Fixed supply, no owner, own EIP-2612 permit with a cached domain separator and custom errors.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [],
  },
  {
    name: 'civic-votes',
    file: 'CivicVotes.sol',
    contract: 'CivicVotes',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Own delegation/checkpoint votes (getVotes, getPastVotes, getPastTotalSupply); no owner, fixed supply.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [],
  },
  {
    name: 'honey-badger',
    file: 'HoneyBadgerToken.sol',
    contract: 'HoneyBadgerToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Minimal fixed-supply token, 9 decimals, no owner, increase/decreaseAllowance.',
    optimizer: false,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [],
  },
  {
    name: 'solar-flare',
    file: 'SolarFlare.sol',
    contract: 'SolarFlare',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'One-way enableTrading() with no way back; constant 2% marketing fee; no limits, no blacklist.',
    optimizer: true,
    pairInConstructor: true,
    launch: ['enableTrading()'],
    sells: 'ok',
    probes: [{ effect: 'sell_ok', calls: [{ fn: 'setMarketingWallet', args: ['$other'] }] }],
  },
  {
    name: 'coral-reef',
    file: 'CoralReefToken.sol',
    contract: 'CoralReefToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Max wallet 4% that raiseMaxWallet can only raise and removeLimits can only remove.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'call_reverts', calls: [{ fn: 'raiseMaxWallet', args: [1] }] }],
  },
  {
    name: 'ash-token',
    file: 'AshToken.sol',
    contract: 'AshToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Holders burn their own tokens (burn) or spend an allowance (burnFrom); the owner can only set a token URI.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'call_reverts', calls: [{ fn: 'burnFrom', args: ['$holder', 1] }] }],
  },
  {
    name: 'reflecta-coin',
    file: 'ReflectaCoin.sol',
    contract: 'ReflectaCoin',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes:
      'Reflection ledger with excludeFromReward/includeInReward; setReflectionFee requires <= 5 and the transfer path clamps to 5.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'call_reverts', calls: [{ fn: 'setReflectionFee', args: [6] }] }],
  },
  {
    name: 'blue-whale',
    file: 'BlueWhaleToken.sol',
    contract: 'BlueWhaleToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes:
      'Constant 3/3 tax (BUY_TAX/SELL_TAX constants) swapped to the marketing wallet; owner only edits exemptions and the wallet.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [],
  },
  {
    name: 'zero-tax-pepe',
    file: 'ZeroTaxPepe.sol',
    contract: 'ZeroTaxPepe',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes:
      'Same family as giga-chad-token without the allowance bypass: constant 15% launch tax for 20 buys then 0; reduceFee only lowers; fixed limits only removable; one-way openTrading.',
    optimizer: true,
    pairInConstructor: false,
    launch: ['openTrading()'],
    sells: 'ok',
    probes: [{ effect: 'call_reverts', calls: [{ fn: 'reduceFee', args: [1] }] }],
  },
  {
    name: 'meridian-dao',
    file: 'MeridianDAO.sol',
    contract: 'MeridianDAO',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Owner-only snapshot() that only records balances (balanceOfAt); no mint, no transfer gate.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'sell_ok', calls: [{ fn: 'snapshot' }] }],
  },
  {
    name: 'seed-round',
    file: 'SeedRoundToken.sol',
    contract: 'SeedRoundToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes:
      'Decoy mint(): public, ETH-paid at a fixed price up to a cap of 10% of the initial supply; endSale only closes the sale.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'sell_ok', calls: [{ fn: 'endSale' }] }],
  },
  {
    name: 'stardust',
    file: 'StarDustToken.sol',
    contract: 'StarDustToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: "Decoy airdrop(recipients, amounts): sends from the owner's own balance, never creates tokens.",
    optimizer: false,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'sell_ok', calls: [{ fn: 'airdrop', args: [['$other'], ['1e18']] }] }],
  },
  {
    name: 'quest-reward',
    file: 'QuestRewardToken.sol',
    contract: 'QuestRewardToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes:
      'A pre-minted quest pool (10%) held by the contract; allocate is bounded by the pool; pauseClaims pauses only claim(), never transfers.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [
      { effect: 'sell_ok', calls: [{ fn: 'pauseClaims', args: [true] }] },
      { effect: 'call_reverts', calls: [{ fn: 'allocate', args: ['$holder', '1e30'] }] },
    ],
  },
  {
    name: 'anchor-timelock',
    file: 'AnchorToken.sol',
    contract: 'AnchorToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Tax changes are queued for 48 h and capped at 8% (queueTax/applyTax, clamped in the transfer path too).',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'call_reverts', calls: [{ fn: 'queueTax', args: [9] }] }],
  },
  {
    name: 'harbor-2step',
    file: 'HarborToken.sol',
    contract: 'HarborToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Ownable2Step; setFees capped at 5%; setSwapThreshold bounded; swap-back wrapped in try/catch.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'call_reverts', calls: [{ fn: 'setFees', args: [6, 6] }] }],
  },
  {
    name: 'flame-burn',
    file: 'FlameToken.sol',
    contract: 'FlameToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes:
      "Constant 2% swap fee collected by the contract; burnCollected() burns only the contract's own balance; holders may burn their own.",
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'sell_ok', calls: [{ fn: 'burnCollected' }] }],
  },
  {
    name: 'night-owl',
    file: 'NightOwlToken.sol',
    contract: 'NightOwlToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'One-way enableTrading(); a constant 3% wallet cap on buys for the first 20 blocks only, with no setter.',
    optimizer: true,
    pairInConstructor: false,
    launch: ['enableTrading()'],
    sells: 'ok',
    probes: [],
  },
  {
    name: 'ember-burn',
    file: 'EmberBurn.sol',
    contract: 'EmberBurn',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Constant 1% burn on every transfer; no owner at all.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [],
  },
  {
    name: 'polis-votes-permit',
    file: 'PolisToken.sol',
    contract: 'PolisToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Own EIP-2612 permit plus delegateBySig and block-number checkpoints (uint48/uint208); no owner.',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [],
  },
  {
    name: 'harvest-moon',
    file: 'HarvestMoonToken.sol',
    contract: 'HarvestMoonToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes:
      'Decoy distribute(recipients, amounts): pays out of a pre-funded treasury held by the contract (20% of supply).',
    optimizer: true,
    pairInConstructor: false,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'sell_ok', calls: [{ fn: 'distribute', args: [['$other'], ['1e18']] }] }],
  },
  {
    name: 'liquid-gold',
    file: 'LiquidGoldToken.sol',
    contract: 'LiquidGoldToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Fixed supply, no owner; creates its pair in the constructor; transferMany batch helper.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [],
  },
  {
    name: 'tidal-25',
    file: 'TidalToken.sol',
    contract: 'TidalToken',
    style: 'clean',
    labels: NONE,
    expected_kinds: [],
    notes: 'Boundary case: setTaxes capped at 25% (below the 50% confiscatory line) with swap-back.',
    optimizer: true,
    pairInConstructor: true,
    launch: [],
    sells: 'ok',
    probes: [{ effect: 'call_reverts', calls: [{ fn: 'setTaxes', args: [26, 26] }] }],
  },
];
