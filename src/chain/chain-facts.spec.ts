import { getAddress, isAddress } from 'viem';
import { checkedAddress, MAINNET_CHAIN_FACTS, MULTICALL3_ADDRESS, type ChainFacts } from './chain-facts';
import { chainFactsFromDevnet, devnetFactsFromManifest } from './devnet-facts';

function addressesOf(facts: ChainFacts): string[] {
  return [
    facts.wrappedNative.address,
    facts.multicall3,
    ...facts.stablecoins.map((t) => t.address),
    ...facts.dexes.flatMap((d) => [d.factory, d.router]),
    ...facts.v3Dexes.flatMap((d) => [d.factory, ...(d.positionManager ? [d.positionManager] : [])]),
    ...facts.solidlyDexes.flatMap((d) => [d.factory, d.router]),
  ];
}

const manifest = () => ({
  chainId: 31337,
  contracts: {
    WETH: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    USDC: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    Multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
    UniswapV2Factory: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    UniswapV2Router02: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
    ServiceToken: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
  } as Record<string, string>,
});

describe('MAINNET_CHAIN_FACTS', () => {
  const all = Object.values(MAINNET_CHAIN_FACTS);

  it('has the right chain id, key and variable for every chain', () => {
    const ids = Object.fromEntries(all.map((f) => [f.key, [f.chainId, f.rpcEnvVar]]));
    expect(ids).toEqual({
      eth: [1, 'ETH_RPC_URL'],
      bsc: [56, 'BSC_RPC_URL'],
      polygon: [137, 'POLYGON_RPC_URL'],
      arbitrum: [42161, 'ARBITRUM_RPC_URL'],
      optimism: [10, 'OPTIMISM_RPC_URL'],
      base: [8453, 'BASE_RPC_URL'],
    });
  });

  it.each(all.map((f) => [f.key, f] as const))('%s: every address is valid and checksummed', (_key, facts) => {
    for (const address of addressesOf(facts)) {
      expect(isAddress(address, { strict: true })).toBe(true);
      expect(address).toBe(getAddress(address));
    }
  });

  it('uses the canonical Multicall3 everywhere', () => {
    expect(MULTICALL3_ADDRESS).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
    expect(all.every((f) => f.multicall3 === MULTICALL3_ADDRESS)).toBe(true);
  });

  it('gives BSC stablecoins 18 decimals and the others 6', () => {
    for (const facts of all) {
      const expected = facts.key === 'bsc' ? 18 : 6;
      expect(facts.stablecoins.map((t) => t.decimals)).toEqual(facts.stablecoins.map(() => expected));
      expect(facts.stablecoins.map((t) => t.symbol)).toEqual(expect.arrayContaining(['USDC', 'USDT']));
    }
  });

  it('has at least one V2 DEX, a wrapped native token with 18 decimals and a positive block time', () => {
    for (const facts of all) {
      expect(facts.dexes.length).toBeGreaterThan(0);
      expect(facts.wrappedNative.decimals).toBe(18);
      expect(facts.blockTimeMs).toBeGreaterThan(0);
    }
  });
});

describe('V3 and Solidly DEXes', () => {
  const all = Object.values(MAINNET_CHAIN_FACTS);
  const v3 = (key: keyof typeof MAINNET_CHAIN_FACTS) =>
    MAINNET_CHAIN_FACTS[key].v3Dexes.map((d) => [d.name, d.factory]);

  it('lists Uniswap V3 on every chain (its base factory differs) and PancakeSwap V3 where it is deployed', () => {
    expect(v3('eth')).toEqual([
      ['Uniswap V3', '0x1F98431c8aD98523631AE4a59f267346ea31F984'],
      ['PancakeSwap V3', '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865'],
    ]);
    expect(v3('bsc')[0]).toEqual(['Uniswap V3', '0xdB1d10011AD0Ff90774D0C6Bb92e5C5c8b4461F7']);
    expect(v3('base')).toEqual([
      ['Uniswap V3', '0x33128a8fC17869897dcE68Ed026d694621f6FDfD'],
      ['PancakeSwap V3', '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865'],
    ]);
    expect(v3('polygon')).toHaveLength(1);
  });

  it('gives each V3 DEX its own fee tiers and callback name', () => {
    for (const d of all.flatMap((f) => f.v3Dexes)) {
      if (d.name === 'Uniswap V3')
        expect([d.fees, d.callback]).toEqual([[100, 500, 3000, 10000], 'uniswapV3SwapCallback']);
      else expect([d.fees, d.callback]).toEqual([[100, 500, 2500, 10000], 'pancakeV3SwapCallback']);
    }
  });

  it('names the position manager of every V3 DEX, so NFT-held positions go to their holders', () => {
    const managers = Object.fromEntries(all.map((f) => [f.key, f.v3Dexes.map((d) => d.positionManager)]));
    const uniswap = '0xC36442b4a4522E871399CD717aBDD847Ab11FE88';
    const pancake = '0x46A15B0b27311cedF172AB29E4f4766fbE7F4364';
    expect(managers).toEqual({
      eth: [uniswap, pancake],
      bsc: ['0x7b8A01B39D58278b5DE7e48c8449c9f4F5170613', pancake],
      polygon: [uniswap],
      arbitrum: [uniswap, pancake],
      optimism: [uniswap],
      base: ['0x03a520b32C04BF3bEEf7BEb72E919cf822Ed34f1', pancake],
    });
  });

  it('has Aerodrome on base and Velodrome V2 on optimism, nothing Solidly-style elsewhere', () => {
    const solidly = Object.fromEntries(all.map((f) => [f.key, f.solidlyDexes.map((d) => d.name)]));
    expect(solidly).toEqual({
      eth: [],
      bsc: [],
      polygon: [],
      arbitrum: [],
      optimism: ['Velodrome V2'],
      base: ['Aerodrome'],
    });
    expect(MAINNET_CHAIN_FACTS.base.solidlyDexes[0]).toEqual({
      name: 'Aerodrome',
      factory: '0x420DD381b31aEf6683db6B902084cB0FFECe40Da',
      router: '0xcF77a3Ba9A5CA399B7c97c74d54e5b1Beb874E43',
    });
  });
});

describe('checkedAddress', () => {
  it('checksums an all-lowercase literal', () => {
    expect(checkedAddress('0x4752ba5dbc23f44d87826276bf6fd6b1c372ad24')).toBe(
      '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
    );
  });

  it('rejects a mixed-case literal whose checksum is wrong (a typo)', () => {
    expect(() => checkedAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756cc2')).toThrow(/Bad checksum/);
  });

  it('rejects something that is not an address', () => {
    expect(() => checkedAddress('0x1234')).toThrow();
  });
});

describe('devnet facts', () => {
  it('maps the manifest: chain id, WETH, 6-decimal USDC, the V2 factory and router, Multicall3', () => {
    const sut = devnetFactsFromManifest(manifest());
    expect(sut).toEqual({
      chainId: 31337,
      wrappedNative: { symbol: 'WETH', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 18 },
      stablecoins: [{ symbol: 'USDC', address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', decimals: 6 }],
      dexes: [
        {
          name: 'Uniswap V2',
          factory: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
          router: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
        },
      ],
      v3Dexes: [],
      solidlyDexes: [],
      multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
    });
  });

  it("maps the world's V3 factory (Uniswap V3 tiers and callback) and Solidly factory and router, checksummed", () => {
    const sut = devnetFactsFromManifest({
      ...manifest(),
      venues: {
        contracts: {
          V3Factory: '0x5fc8d32690cc91d4c39d9d3abcbd16989f875707',
          SolidlyFactory: '0x0165878a594ca255338adfa4d48449f69242eb8f',
          SolidlyRouter: '0xa513e6e4b8f2a923d98304ec87f64353c4d5c853',
        },
      },
    });
    expect(sut.v3Dexes).toEqual([
      {
        name: 'Uniswap V3',
        factory: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
        fees: [100, 500, 3000, 10000],
        callback: 'uniswapV3SwapCallback',
      },
    ]);
    expect(sut.solidlyDexes).toEqual([
      {
        name: 'Aerodrome',
        factory: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
        router: '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853',
      },
    ]);
  });

  it("lists the venues' tokens after the world's, before the service token", () => {
    const sut = devnetFactsFromManifest({
      ...world(),
      venues: {
        contracts: {
          V3Factory: '0x5fc8d32690cc91d4c39d9d3abcbd16989f875707',
          SolidlyFactory: '0x0165878a594ca255338adfa4d48449f69242eb8f',
          SolidlyRouter: '0xa513e6e4b8f2a923d98304ec87f64353c4d5c853',
        },
        tokens: {
          v3_only: {
            address: '0x610178da211fef7d417bc0e6fed39f05609ad788',
            symbol: 'CONC',
            name: 'Concentrated Token',
          },
        },
      },
    });
    expect(sut.listedTokens!.map((t) => t.symbol)).toEqual(['CLEAN', 'HONEY', 'CONC', 'SNTL']);
    expect(sut.listedTokens![2].address).toBe('0x610178dA211FEF7D417bC0e6FeD39F05609AD788');
  });

  it('names the contract a manifest lacks', () => {
    const broken = manifest();
    delete broken.contracts.UniswapV2Router02;
    expect(() => devnetFactsFromManifest(broken)).toThrow('contracts.UniswapV2Router02');
  });

  const world = () => ({
    ...manifest(),
    contracts: { ...manifest().contracts, StakingVault: '0x2279b7a0a67db372996a5fab50d91eaa73d2ebe6' } as Record<
      string,
      string
    >,
    treasury: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
    tokens: {
      clean: {
        address: '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9',
        symbol: 'CLEAN',
        name: 'Clean Token',
        decimals: 18,
      },
      honeypot: {
        address: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
        symbol: 'HONEY',
        name: 'Honey Pot',
        decimals: 18,
      },
    },
  });

  it("maps the world's treasury, staking vault and token list (the service token last), checksummed", () => {
    const sut = devnetFactsFromManifest(world());
    expect(sut.treasury).toBe('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720');
    expect(sut.staking).toEqual({
      vault: '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6',
      serviceToken: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
    });
    expect(sut.listedTokens).toEqual([
      { symbol: 'CLEAN', name: 'Clean Token', address: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' },
      { symbol: 'HONEY', name: 'Honey Pot', address: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707' },
      { symbol: 'SNTL', name: 'Sentinel Service Token', address: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' },
    ]);
  });

  it('gives both chains the devnet serves its world, and no mainnet chain any of it', () => {
    const devnet = devnetFactsFromManifest(world());
    for (const key of ['eth', 'devnet'] as const) {
      expect(chainFactsFromDevnet(key, devnet)).toMatchObject({
        treasury: devnet.treasury,
        staking: devnet.staking,
        listedTokens: devnet.listedTokens,
      });
    }
    for (const facts of Object.values(MAINNET_CHAIN_FACTS)) {
      expect([facts.treasury, facts.staking, facts.listedTokens]).toEqual([undefined, undefined, undefined]);
    }
  });

  it('leaves out what a manifest of the core contracts lacks: no treasury, no vault, no token list', () => {
    const sut = chainFactsFromDevnet('eth', devnetFactsFromManifest(manifest()));
    expect(sut.treasury).toBeUndefined();
    expect(sut.staking).toBeUndefined();
    expect(sut.listedTokens).toBeUndefined();
  });

  it('names a treasury that is not an address', () => {
    expect(() => devnetFactsFromManifest({ ...world(), treasury: '0xa0ee7a142d267c1f' })).toThrow(
      'Devnet manifest: treasury is missing or not an address',
    );
  });

  it('refuses a staking vault without the service token staked in it', () => {
    const broken = world();
    delete broken.contracts.ServiceToken;
    expect(() => devnetFactsFromManifest(broken)).toThrow('contracts.ServiceToken');
  });

  it('names the listed token whose address is wrong', () => {
    const broken = world();
    broken.tokens.honeypot.address = 'HONEY';
    expect(() => devnetFactsFromManifest(broken)).toThrow('tokens.honeypot.address');
  });

  it("keeps eth its key and variable when the devnet serves it, with the devnet's id and name under either key", () => {
    const devnet = devnetFactsFromManifest(manifest());
    expect(chainFactsFromDevnet('eth', devnet)).toMatchObject({
      key: 'eth',
      name: 'Local devnet',
      chainId: 31337,
      rpcEnvVar: 'ETH_RPC_URL',
    });
    expect(chainFactsFromDevnet('devnet', devnet)).toMatchObject({
      key: 'devnet',
      name: 'Local devnet',
      chainId: 31337,
      rpcEnvVar: undefined,
    });
  });

  it('leaves eth served by a mainnet node Ethereum, chain 1', () => {
    expect(MAINNET_CHAIN_FACTS.eth).toMatchObject({ key: 'eth', name: 'Ethereum', chainId: 1 });
  });
});
