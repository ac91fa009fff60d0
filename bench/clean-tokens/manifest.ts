/**
 * The clean-token benchmark: which contract of which file, compiled how, and why it is clean.
 * The compiler line follows the folder: contracts/v04 -> solc 0.4.x, ..., contracts/v08 -> solc 0.8.x.
 * `decoys` are canonical signatures of functions that look dangerous but cannot mint, take
 * holders' value or stop holders' transfers.
 */
export type CompilerPackage = 'solc-0.4' | 'solc-0.5' | 'solc-0.6' | 'solc-0.7' | 'solc';

export interface TokenSpec {
  name: string;
  /** Relative to bench/clean-tokens/contracts/. */
  file: string;
  contract: string;
  optimizer: boolean;
  runs?: number;
  evmVersion?: string;
  viaIR?: boolean;
  notes: string;
  decoys: string[];
}

const PACKAGES: Record<string, CompilerPackage> = {
  v04: 'solc-0.4',
  v05: 'solc-0.5',
  v06: 'solc-0.6',
  v07: 'solc-0.7',
  v08: 'solc',
};

export function compilerPackageOf(t: TokenSpec): CompilerPackage {
  const pkg = PACKAGES[t.file.split('/')[0]];
  if (!pkg) throw new Error(`${t.name}: ${t.file} is not under a known compiler folder`);
  return pkg;
}

export const TOKENS: TokenSpec[] = [
  // ------------------------------------------------------------------ solc 0.4.x
  {
    name: 'pre-standard-coin',
    file: 'v04/PreStandardCoin.sol',
    contract: 'PreStandardCoin',
    optimizer: false,
    notes: 'Plain mapping ledger; transfer/transferFrom/approve return nothing (pre-standard). No owner.',
    decoys: [],
  },
  {
    name: 'legacy-owned',
    file: 'v04/LegacyOwnedToken.sol',
    contract: 'LegacyOwnedToken',
    optimizer: true,
    runs: 200,
    notes: 'Ownable with renounce; SafeMath library; owner may only rename the token until freezeMetadata().',
    decoys: [
      'setName(string)',
      'setSymbol(string)',
      'freezeMetadata()',
      'transferOwnership(address)',
      'renounceOwnership()',
    ],
  },
  {
    name: 'wrapped-ether-04',
    file: 'v04/WrappedEther04.sol',
    contract: 'WrappedEther04',
    optimizer: true,
    runs: 200,
    notes:
      'WETH9-style wrapper: deposit credits msg.value to the sender (anyone, ETH-backed), withdraw pays back; no owner.',
    decoys: ['mint()'],
  },
  {
    name: 'total-tokens-coin',
    file: 'v04/TotalTokensCoin.sol',
    contract: 'TotalTokensCoin',
    optimizer: false,
    notes: "No totalSupply(); the supply getter is totalTokens(). burn() only burns the caller's own balance.",
    decoys: ['burn(uint256)'],
  },
  {
    name: 'capped-supply-04',
    file: 'v04/CappedSupply04.sol',
    contract: 'CappedSupply04',
    optimizer: true,
    runs: 1,
    notes: 'Whole constant cap minted to a treasury in the constructor; no mint afterwards. burnFrom spends allowance.',
    decoys: ['burnFrom(address,uint256)'],
  },
  {
    name: 'burn-two-percent-04',
    file: 'v04/BurnTwoPercent04.sol',
    contract: 'BurnTwoPercent04',
    optimizer: true,
    runs: 999,
    notes: 'Every transfer burns a constant 2% (BURN_PERCENT constant, no setter).',
    decoys: [],
  },
  {
    name: 'minime-lite-04',
    file: 'v04/MiniMeLite04.sol',
    contract: 'MiniMeLite04',
    optimizer: true,
    runs: 200,
    notes:
      'MiniMe-like checkpoint ledger with balanceOfAt/totalSupplyAt; no generateTokens/destroyTokens/enableTransfers, no controller callback.',
    decoys: ['changeController(address)'],
  },
  {
    name: 'claim-drop-04',
    file: 'v04/ClaimDrop04.sol',
    contract: 'ClaimDrop04',
    optimizer: false,
    notes: 'Airdrop pool held by the token itself; pause()/unpause() gate only claim(), never transfers.',
    decoys: ['pause()', 'unpause()'],
  },
  {
    name: 'human-standard-04',
    file: 'v04/HumanStandard04.sol',
    contract: 'HumanStandard04',
    optimizer: true,
    runs: 200,
    notes:
      'HumanStandardToken-like: returns false instead of reverting; approveAndCall calls the spender the holder chose.',
    decoys: [],
  },
  // ------------------------------------------------------------------ solc 0.5.x
  {
    name: 'role-guarded-05',
    file: 'v05/RoleGuarded05.sol',
    contract: 'RoleGuarded05',
    optimizer: true,
    runs: 200,
    notes: 'AccessControl-style role map; roles guard only website/logo strings and an announcement event.',
    decoys: ['grantRole(bytes32,address)', 'revokeRole(bytes32,address)', 'setWebsite(string)', 'announce(string)'],
  },
  {
    name: 'snapshot-token-05',
    file: 'v05/SnapshotToken05.sol',
    contract: 'SnapshotToken05',
    optimizer: false,
    notes: 'Snapshot token (balanceOfAt/totalSupplyAt by snapshot id); the owner can only take snapshots.',
    decoys: ['snapshot()'],
  },
  {
    name: 'report-registry-05',
    file: 'v05/ReportRegistry05.sol',
    contract: 'ReportRegistry05',
    optimizer: true,
    runs: 50,
    notes: 'blacklist()/unblacklist() write a public flag map that transfer/transferFrom never read.',
    decoys: ['blacklist(address)', 'unblacklist(address)'],
  },
  {
    name: 'rescuable-token-05',
    file: 'v05/RescuableToken05.sol',
    contract: 'RescuableToken05',
    optimizer: true,
    runs: 200,
    notes: 'increase/decreaseAllowance; owner can rescue foreign tokens (never this token) and stuck ETH.',
    decoys: ['rescueTokens(address)', 'withdrawStuckETH()'],
  },
  {
    name: 'vesting-escrow-05',
    file: 'v05/VestingEscrow05.sol',
    contract: 'VestingEscrow05',
    optimizer: false,
    notes:
      'Vesting token: anyone escrows their OWN tokens for a beneficiary; release() pays the fixed beneficiary; no revoke.',
    decoys: [],
  },
  {
    name: 'pair-fee-capped-05',
    file: 'v05/PairFeeCapped05.sol',
    contract: 'PairFeeCapped05',
    optimizer: true,
    runs: 200,
    notes:
      'DEX pair variable; fee on pair trades credited in-ledger to a marketing wallet; setTaxFee requires fee <= 5 and the transfer path clamps to 5%.',
    decoys: [
      'setTaxFee(uint256)',
      'setPair(address)',
      'setMarketingWallet(address)',
      'excludeFromFee(address)',
      'includeInFee(address)',
      'renounceOwnership()',
    ],
  },
  {
    name: 'wrapped-native-05',
    file: 'v05/WrappedNative05.sol',
    contract: 'WrappedNative05',
    optimizer: true,
    runs: 10000,
    notes:
      'WETH-like: depositTo/withdrawTo; supply is the ETH held; anyone can deposit (ETH-backed, not a privileged mint); no owner.',
    decoys: ['depositTo(address)'],
  },
  {
    name: 'checkpoint-votes-05',
    file: 'v05/CheckpointVotes05.sol',
    contract: 'CheckpointVotes05',
    optimizer: true,
    runs: 200,
    notes: 'Compound-style governance token: uint96 balances, delegate checkpoints, constant totalSupply; no minter.',
    decoys: [],
  },
  {
    name: 'two-step-owner-05',
    file: 'v05/TwoStepOwner05.sol',
    contract: 'TwoStepOwner05',
    optimizer: false,
    notes: "Two-step ownership (acceptOwnership); setMaxTx limits only the owner's own transfers, never other holders.",
    decoys: ['setMaxTx(uint256)', 'transferOwnership(address)', 'renounceOwnership()'],
  },
  // ------------------------------------------------------------------ solc 0.6.x
  {
    name: 'permit-token-06',
    file: 'v06/PermitToken06.sol',
    contract: 'PermitToken06',
    optimizer: true,
    runs: 200,
    notes: 'EIP-2612 permit with chainid() domain separator; infinite allowance not decremented.',
    decoys: [],
  },
  {
    name: 'reflect-fixed-fee-06',
    file: 'v06/ReflectFixedFee06.sol',
    contract: 'ReflectFixedFee06',
    optimizer: true,
    runs: 200,
    notes:
      'Reflection ledger (rOwned, rate = rTotal/tTotal) with a constant 2% reflection fee; owner can only exempt from the fee.',
    decoys: ['excludeFromFee(address)', 'includeInFee(address)', 'renounceOwnership()'],
  },
  {
    name: 'fixed-split-fee-06',
    file: 'v06/FixedSplitFee06.sol',
    contract: 'FixedSplitFee06',
    optimizer: false,
    notes: 'Abstract base ledger + override; constant 1% burn + 1% to an immutable dev wallet; no owner.',
    decoys: [],
  },
  {
    name: 'launch-control-06',
    file: 'v06/LaunchControl06.sol',
    contract: 'LaunchControl06',
    optimizer: true,
    runs: 200,
    notes:
      'uniswapV2Pair variable; buy/sell tax capped at 5% by setTaxes and clamped in transfer; enableTrading is one-way and never read by transfers; fee forwarding is ledger-internal.',
    decoys: [
      'enableTrading()',
      'setTaxes(uint256,uint256)',
      'setSwapThreshold(uint256)',
      'setMarketingWallet(address)',
      'transferOwnership(address)',
    ],
  },
  {
    name: 'public-sale-06',
    file: 'v06/PublicSale06.sol',
    contract: 'PublicSale06',
    optimizer: true,
    runs: 1000,
    notes:
      'mint(uint256) is a public fixed-price sale open to anyone (payable, constant price, constant cap); owner collects only ETH.',
    decoys: ['mint(uint256)', 'withdrawProceeds()'],
  },
  {
    name: 'circulating-supply-06',
    file: 'v06/CirculatingSupply06.sol',
    contract: 'CirculatingSupply06',
    optimizer: false,
    notes:
      'No totalSupply(); supply getter is circulatingSupply(); virtual before/after hooks (after-hook counts transfers).',
    decoys: [],
  },
  {
    name: 'freezable-config-06',
    file: 'v06/FreezableConfig06.sol',
    contract: 'FreezableConfig06',
    optimizer: true,
    runs: 200,
    notes: "Ownable base; freeze() freezes the owner's description/links config, never balances.",
    decoys: [
      'freeze()',
      'setDescription(string)',
      'addLink(string)',
      'renounceOwnership()',
      'transferOwnership(address)',
    ],
  },
  {
    name: 'dividend-token-06',
    file: 'v06/DividendToken06.sol',
    contract: 'DividendToken06',
    optimizer: true,
    runs: 300,
    notes:
      'ETH dividend-paying token (magnified per-share accounting); anyone pays in, each holder withdraws their own share; no owner.',
    decoys: [],
  },
  {
    name: 'airdrop-batch-06',
    file: 'v06/AirdropBatch06.sol',
    contract: 'AirdropBatch06',
    optimizer: false,
    notes: "Owner-only airdrop() debits the owner's own balance for each recipient.",
    decoys: ['airdrop(address[],uint256[])'],
  },
  // ------------------------------------------------------------------ solc 0.7.x
  {
    name: 'permit-cached-07',
    file: 'v07/PermitCached07.sol',
    contract: 'PermitCached07',
    optimizer: true,
    runs: 200,
    notes:
      'EIP-2612 with an immutable cached domain separator (recomputed when chain id differs); holders burn their own tokens.',
    decoys: ['burn(uint256)'],
  },
  {
    name: 'reflect-lite-07',
    file: 'v07/ReflectLite07.sol',
    contract: 'ReflectLite07',
    optimizer: true,
    runs: 200,
    notes: 'Reflection ledger (rOwned/tOwned) with a constant 1% fee; no owner, no exclusions.',
    decoys: [],
  },
  {
    name: 'amm-pair-fees-07',
    file: 'v07/AmmPairFees07.sol',
    contract: 'AmmPairFees07',
    optimizer: false,
    notes:
      "automatedMarketMakerPairs map; setFees caps buy/sell at 5% (transfer clamps too); distributeFees moves the contract's own fee balance.",
    decoys: [
      'setFees(uint8,uint8)',
      'setAutomatedMarketMakerPair(address,bool)',
      'excludeFromFees(address,bool)',
      'setSwapTokensAtAmount(uint256)',
      'setFeeWallet(address)',
    ],
  },
  {
    name: 'operator-token-07',
    file: 'v07/OperatorToken07.sol',
    contract: 'OperatorToken07',
    optimizer: true,
    runs: 200,
    notes: 'ERC-777-flavoured operators chosen by each holder; no default operators, no hooks.',
    decoys: ['operatorSend(address,address,uint256,bytes)'],
  },
  {
    name: 'wrapped-deposit-07',
    file: 'v07/WrappedDeposit07.sol',
    contract: 'WrappedDeposit07',
    optimizer: true,
    runs: 200,
    notes:
      '1:1 wrapper of an immutable underlying ERC-20; depositFor pulls from the caller before crediting; no owner.',
    decoys: ['depositFor(address,uint256)'],
  },
  {
    name: 'cliff-vesting-07',
    file: 'v07/CliffVesting07.sol',
    contract: 'CliffVesting07',
    optimizer: true,
    runs: 5000,
    notes: 'Team allocation escrowed in the contract; cliff + linear release to an immutable beneficiary; no owner.',
    decoys: [],
  },
  {
    name: 'treasury-fee-07',
    file: 'v07/TreasuryFee07.sol',
    contract: 'TreasuryFee07',
    optimizer: true,
    runs: 200,
    notes: 'Transfer fee in bps to a treasury; setTransferFee refuses > 300 bps and transfer clamps to 3%.',
    decoys: ['setTransferFee(uint16)', 'setTreasury(address)', 'renounceOwnership()'],
  },
  {
    name: 'generous-limit-07',
    file: 'v07/GenerousLimit07.sol',
    contract: 'GenerousLimit07',
    optimizer: false,
    notes:
      'Max tx = constant 2% of a constant supply + an owner extra that can only rise (or removeLimits); never lowerable, so it cannot block a holder.',
    decoys: ['setMaxTx(uint256)', 'removeLimits()'],
  },
  {
    name: 'pausable-staking-07',
    file: 'v07/PausableStaking07.sol',
    contract: 'PausableStaking07',
    optimizer: true,
    runs: 200,
    notes: 'Built-in staking escrow; pause() blocks only new stakes; unstake and transfers never check it.',
    decoys: ['pause()', 'unpause()'],
  },
  // ------------------------------------------------------------------ solc 0.8.x
  {
    name: 'permit-immutable-08',
    file: 'v08/PermitImmutable08.sol',
    contract: 'PermitImmutable08',
    optimizer: true,
    runs: 200,
    evmVersion: 'paris',
    notes: 'EIP-2612 with custom errors and unchecked blocks; no owner.',
    decoys: [],
  },
  {
    name: 'reflect-via-ir-08',
    file: 'v08/ReflectViaIR08.sol',
    contract: 'ReflectViaIR08',
    optimizer: true,
    runs: 200,
    evmVersion: 'cancun',
    viaIR: true,
    notes:
      'Reflection token (rOwned/tOwned) with a constant 3% fee, compiled via IR; owner can only exempt from the fee.',
    decoys: ['excludeFromFee(address)', 'includeInFee(address)', 'transferOwnership(address)', 'renounceOwnership()'],
  },
  {
    name: 'silent-blacklist-08',
    file: 'v08/SilentBlacklist08.sol',
    contract: 'SilentBlacklist08',
    optimizer: false,
    evmVersion: 'shanghai',
    notes: 'blacklist() only emits an event; setBots() writes a map that _update never reads.',
    decoys: ['blacklist(address)', 'setBots(address[],bool)', 'renounceOwnership()'],
  },
  {
    name: 'access-roles-08',
    file: 'v08/AccessRoles08.sol',
    contract: 'AccessRoles08',
    optimizer: true,
    runs: 200,
    evmVersion: 'cancun',
    notes:
      "Role map (incl. an unused MINTER_ROLE constant); roles guard a URI, a treasury label and a rewards pause; rewards come from the contract's own pool.",
    decoys: [
      'grantRole(bytes32,address)',
      'MINTER_ROLE()',
      'setTokenURI(string)',
      'setTreasury(address)',
      'pause()',
      'unpause()',
    ],
  },
  {
    name: 'governance-votes-08',
    file: 'v08/GovernanceVotes08.sol',
    contract: 'GovernanceVotes08',
    optimizer: true,
    runs: 200,
    evmVersion: 'shanghai',
    viaIR: true,
    notes: 'ERC20Votes-like block-number checkpoints with getPastVotes; fixed supply; no controller.',
    decoys: [],
  },
  {
    name: 'assembly-ledger-08',
    file: 'v08/AssemblyLedger08.sol',
    contract: 'AssemblyLedger08',
    optimizer: true,
    runs: 20000,
    evmVersion: 'paris',
    notes: 'Inline-assembly transfer/transferFrom/approve over ordinary mappings; no owner.',
    decoys: [],
  },
  {
    name: 'wrapped-native-08',
    file: 'v08/WrappedNative08.sol',
    contract: 'WrappedNative08',
    optimizer: true,
    runs: 200,
    evmVersion: 'cancun',
    notes: 'WETH-like with custom errors; deposit() open to anyone and ETH-backed; no owner.',
    decoys: ['deposit()'],
  },
  {
    name: 'tax-token-08',
    file: 'v08/TaxToken08.sol',
    contract: 'TaxToken08',
    optimizer: true,
    runs: 200,
    evmVersion: 'shanghai',
    notes:
      'Launchpad-style: pair variable, buy/sell tax setters capped at 5% (clamped in transfer), one-way enableTrading never read by transfers, ledger-internal fee forwarding, rescue refuses own token.',
    decoys: [
      'setBuyTax(uint256)',
      'setSellTax(uint256)',
      'setPair(address)',
      'setMarketingWallet(address)',
      'setSwapThreshold(uint256)',
      'excludeFromFee(address,bool)',
      'enableTrading()',
      'withdrawStuckETH()',
      'rescueTokens(address)',
      'transferOwnership(address)',
      'renounceOwnership()',
    ],
  },
  {
    name: 'burn-two-08',
    file: 'v08/BurnTwo08.sol',
    contract: 'BurnTwo08',
    optimizer: true,
    runs: 10000,
    evmVersion: 'paris',
    notes: 'Constant 2% burn per transfer; burn() of own tokens and burnFrom() within allowance; no owner.',
    decoys: ['burn(uint256)', 'burnFrom(address,uint256)'],
  },
  {
    name: 'supply-named-08',
    file: 'v08/SupplyNamed08.sol',
    contract: 'SupplyNamed08',
    optimizer: false,
    evmVersion: 'cancun',
    notes: 'No totalSupply(); supply() and maxSupply() instead; ledger kept in a library struct.',
    decoys: [],
  },
  {
    name: 'linear-vesting-08',
    file: 'v08/LinearVesting08.sol',
    contract: 'LinearVesting08',
    optimizer: true,
    runs: 200,
    evmVersion: 'paris',
    viaIR: true,
    notes:
      "Irrevocable linear vesting schedules funded from the funder's own balance; release() pays the recorded beneficiary.",
    decoys: [],
  },
  {
    name: 'capped-meta-08',
    file: 'v08/CappedMeta08.sol',
    contract: 'CappedMeta08',
    optimizer: true,
    runs: 1,
    evmVersion: 'shanghai',
    notes: 'Constant cap minted at deploy, no mint function; owner may rename until lockMetadata().',
    decoys: ['setName(string)', 'setSymbol(string)', 'lockMetadata()'],
  },
  {
    name: 'owner-cooldown-08',
    file: 'v08/OwnerCooldown08.sol',
    contract: 'OwnerCooldown08',
    optimizer: true,
    runs: 200,
    evmVersion: 'cancun',
    notes: "Two-step ownership; setCooldown (<= 1 day) throttles only the owner's own transfers.",
    decoys: ['setCooldown(uint256)', 'transferOwnership(address)'],
  },
];
