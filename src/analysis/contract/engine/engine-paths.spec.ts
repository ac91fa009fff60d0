import { pad, toFunctionSelector, type Hex } from 'viem';
import { signatureOf } from '../signatures';
import { EmptyChainState, storageKey, type StateRequest, type StateSnapshot } from './chain-state';
import { analyzePowers } from './power-engine';

/** Tokens written for one path each of the engine: the spender path, an unset cap, a transfer that never returns, a flag-gated ledger, a sale price, a rate under a cap, a reserve at the zero address, a caller check that skips, a sale through the fallback, a sale not yet opened, a holder listed first, a quota per kind, a retry's own state. */
const SOURCE = `
// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

contract Base {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  uint256 public totalSupply;
  address public owner = msg.sender;
  modifier onlyOwner() { require(msg.sender == owner, "owner"); _; }
  function _move(address from, address to, uint256 value) internal {
    require(balanceOf[from] >= value, "balance");
    balanceOf[from] -= value;
    balanceOf[to] += value;
  }
}

/** Base with the plain transfer most tokens here share. */
contract PlainToken is Base {
  function transfer(address to, uint256 value) external returns (bool) { _move(msg.sender, to, value); return true; }
}

/** transfer ignores the pause; approve and transferFrom (a DEX sell) do not. */
contract SpenderPauseToken is PlainToken {
  bool public halted;
  function halt() external onlyOwner { halted = true; }
  function approve(address spender, uint256 value) external returns (bool) { require(!halted); allowance[msg.sender][spender] = value; return true; }
  function transferFrom(address from, address to, uint256 value) external returns (bool) {
    require(!halted);
    allowance[from][msg.sender] -= value;
    _move(from, to, value);
    return true;
  }
}

/** The cap is set by the constructor only: on a bare chain it reads zero and stops every mint. */
contract CappedMintToken is PlainToken {
  uint256 public cap;
  constructor() { cap = 1e30; }
  function issue(address to, uint256 value) external onlyOwner {
    require(totalSupply + value <= cap, "cap");
    totalSupply += value;
    balanceOf[to] += value;
  }
}

/** Mints one unit per round: endless with a large count, done with a small one. */
contract RoundsMintToken is PlainToken {
  function rounds(uint256 count) external onlyOwner {
    for (uint256 i = 0; i < count; i++) { totalSupply += 1; balanceOf[owner] += 1; }
  }
}

/** 2016-style: transfer is declared to return a bool and never does. */
contract SilentTransferToken is Base {
  mapping(address => bool) public frozen;
  function setFrozen(address who, bool value) external onlyOwner { frozen[who] = value; }
  function transfer(address to, uint256 value) external returns (bool ok) { require(!frozen[msg.sender]); _move(msg.sender, to, value); }
}

/** A sale holds the unsold tokens itself; the admin (not owner()) can pull them out to any address (a treasury, not holders' tokens). */
contract SaleReserveToken is PlainToken {
  address private keeper = msg.sender;
  function sweep(address to, uint256 value) external { require(msg.sender == keeper); _move(address(this), to, value); }
}

/** Holders stake into the contract and take their own stake back: the contract pays out, nobody is robbed. */
contract StakeBackToken is PlainToken {
  mapping(address => uint256) public staked;
  function stake(uint256 value) external { _move(msg.sender, address(this), value); staked[msg.sender] += value; }
  function unstake(uint256 value) external { staked[msg.sender] -= value; _move(address(this), msg.sender, value); }
  function burnReserve(uint256 value) external onlyOwner { balanceOf[address(this)] -= value; totalSupply -= value; }
}

/** Balances read zero until the deployment switches the ledger on; the owner can destroy anyone's tokens. */
contract ActivatedLedgerToken {
  mapping(address => uint256) private balances;
  uint256 public totalSupply;
  bool private active;
  address public owner = msg.sender;
  function balanceOf(address who) external view returns (uint256) { return active ? balances[who] : 0; }
  function destroy(address who, uint256 value) external { require(msg.sender == owner); balances[who] -= value; totalSupply -= value; }
  function transfer(address to, uint256 value) external returns (bool) { balances[msg.sender] -= value; balances[to] += value; return true; }
}

/** Sells tokens out of the contract's own balance for ether at a price the owner sets. */
contract SalePriceToken is PlainToken {
  uint256 public price;
  function setPrice(uint256 value) external onlyOwner { price = value; }
  function buy() external payable { _move(address(this), msg.sender, msg.value / price); }
}

/** The constructor parks the unissued supply at the zero address; the owner issues out of it. */
contract ZeroReserveToken is PlainToken {
  constructor() { balanceOf[address(0)] = 1e30; }
  function issue(address to, uint256 value) external onlyOwner { _move(address(0), to, value); }
}

/** 2017-style: the owner check skips the body instead of reverting, so a stranger's call succeeds doing nothing. */
contract SkippingCheckToken is PlainToken {
  function allot(address to, uint256 value) external {
    if (msg.sender != owner) return;
    totalSupply += value;
    balanceOf[to] += value;
  }
}

/** Sells the owner's tokens through the fallback at a price the owner sets; sells nothing, without reverting, when the owner is short. */
contract FallbackSaleToken is PlainToken {
  uint256 public price;
  function setPrice(uint256 value) external onlyOwner { price = value; }
  receive() external payable {
    uint256 tokens = msg.value * price;
    if (balanceOf[owner] < tokens) return;
    _move(owner, msg.sender, tokens);
  }
}

/** The owner mints only to registered addresses, and anyone registers only themselves. */
contract RegisteredMintToken is PlainToken {
  mapping(address => bool) public registered;
  function register() external { registered[msg.sender] = true; }
  function mintTo(address to, uint256 value) external onlyOwner {
    require(registered[to], "unregistered");
    totalSupply += value;
    balanceOf[to] += value;
  }
}

/** Freezing and thawing each demand the opposite state first: thawing is explored with the holder frozen beforehand. */
contract FreezeThawToken is Base {
  mapping(address => bool) public frozen;
  function thaw(address who) external onlyOwner { require(frozen[who]); frozen[who] = false; }
  function freeze(address who) external onlyOwner { require(!frozen[who]); frozen[who] = true; }
  function transfer(address to, uint256 value) external returns (bool) { require(!frozen[msg.sender]); _move(msg.sender, to, value); return true; }
}

/** Credits a rate times an amount in whole tokens under a cap, keeping a running total read after the cap. */
contract RateCapToken is PlainToken {
  uint256 public rate;
  uint256 public cap;
  uint256 public sold;
  function allocate(address to, uint256 value) external onlyOwner {
    uint256 tokens = value * rate * 1e18;
    require(sold + tokens <= cap, "cap");
    sold += tokens;
    balanceOf[to] += tokens;
  }
}

/** A cap per transfer the owner sets (zero: no cap). */
contract MaxTxToken is Base {
  uint256 public maxTx;
  function setMaxTx(uint256 value) external onlyOwner { maxTx = value; }
  function transfer(address to, uint256 value) external returns (bool) {
    require(maxTx == 0 || value <= maxTx, "max tx");
    _move(msg.sender, to, value);
    return true;
  }
}

/** A stop that takes a number it only logs (DSToken's stop() reads two calldata words for its note). */
contract NumberedStopToken is Base {
  bool public stopped;
  event Stopped(uint256 code);
  function halt(uint256 code) external onlyOwner { stopped = true; emit Stopped(code); }
  function transfer(address to, uint256 value) external returns (bool) {
    require(!stopped, "stopped");
    _move(msg.sender, to, value);
    return true;
  }
}

/** The issuer packed after a flag in slot 5 (byte offset 1; slot 4 ends Base's owner slot's packing): only the layout or a second run tells where. */
contract PackedIssuerToken is PlainToken {
  uint256 public epoch;
  bool public live;
  address public issuer = msg.sender;
  function issue(address to, uint256 value) external {
    require(msg.sender == issuer, "issuer");
    totalSupply += value;
    balanceOf[to] += value;
  }
}

/** Anyone may poke the sale's bookkeeping, which reads the unset rate; only the rate decides what a purchase gives. */
contract PokedSaleToken is PlainToken {
  uint256 public rate;
  uint256 public pokes;
  function poke() external { pokes += rate + 1; }
  function buy() external payable { uint256 tokens = msg.value * rate; totalSupply += tokens; balanceOf[msg.sender] += tokens; }
}

/** Sells through the fallback out of a stock the constructor fills, once the owner opens the sale, at a price the owner sets. */
contract ClosedSaleToken is PlainToken {
  uint256 public stock;
  uint256 public price;
  bool public open;
  constructor() { stock = 1e30; }
  function setOpen(bool value) external onlyOwner { open = value; }
  function setPrice(uint256 value) external onlyOwner { price = value; }
  receive() external payable {
    require(open, "closed");
    uint256 tokens = msg.value * price;
    balanceOf[msg.sender] += tokens;
    require(tokens > 0 && tokens <= stock, "stock");
    stock -= tokens;
  }
}

/** Allocates out of a quota per kind that only the constructor fills; past its quota an allocation returns false instead of reverting. */
contract QuotaAllocationToken is PlainToken {
  address private allocator = msg.sender;
  uint256 public teamQuota;
  uint256 public saleQuota;
  constructor() { teamQuota = 1e24; saleQuota = 1e24; }
  function allocate(address to, uint256 value, uint8 kind) external returns (bool) {
    require(msg.sender == allocator, "allocator");
    if (kind == 0 && value <= teamQuota) teamQuota -= value;
    else if (kind == 1 && value <= saleQuota) saleQuota -= value;
    else return false;
    balanceOf[to] += value;
    return true;
  }
}
`;

/** A deployed token: its owner slot (3 in Base) holds an account; every other slot, the zero address's reserve included, reads zero. */
class DeployedOwnerState extends EmptyChainState {
  override async read(request: StateRequest): Promise<StateSnapshot> {
    const snapshot = await super.read(request);
    for (const ref of request.storage)
      if (BigInt(ref.slot) === 3n) snapshot.storage.set(storageKey(ref.address, 3n), 0xbeefn);
    return snapshot;
  }
}

function compile(): Record<string, Hex> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'paths.sol': { content: SOURCE } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return Object.fromEntries(
    Object.entries(output.contracts['paths.sol']).map(([name, c]) => [
      name,
      `0x${c.evm.deployedBytecode.object}` as Hex,
    ]),
  );
}

describe('analyzePowers paths (inline tokens on an empty chain)', () => {
  const codes = compile();
  const analyze = (code: Hex) =>
    analyzePowers({
      token: '0x00000000000000000000000000000000000070c4',
      code,
      logic: null,
      poolQueries: [],
      reader: new EmptyChainState(),
      signatureOf,
    });

  it('finds a pause that stops only the approved-spender path a DEX sell takes', async () => {
    const result = await analyze(codes.SpenderPauseToken);

    const pause = result.findings.find((f) => f.kind === 'pause');
    expect(pause?.evidence).toMatch(/approved spender.*reverted after/);
  });

  it('switches on an unset cap the constructor would have set, and says so in the evidence', async () => {
    const result = await analyze(codes.CappedMintToken);

    const mint = result.findings.find((f) => f.kind === 'mint');
    expect(mint?.evidence).toMatch(/unset deployment setting 0x[0-9a-f]+ switched on.*totalSupply \+/);
  });

  it('reruns a function whose number argument is a loop count with a small one, instead of calling it incomplete', async () => {
    const result = await analyze(codes.RoundsMintToken);

    expect(result.incomplete).toEqual([]);
    expect(result.findings.map((f) => f.kind)).toContain('mint');
  });

  it('counts a transfer that returns false but moved the tokens as a success, so a freeze shows', async () => {
    const result = await analyze(codes.SilentTransferToken);

    expect(result.findings.map((f) => f.kind)).toContain('blacklist');
  });

  it("does not call an admin moving the tokens the contract holds itself a seizure: they are not holders' tokens", async () => {
    const result = await analyze(codes.SaleReserveToken);

    expect(result.findings.map((f) => f.kind)).not.toContain('balance_seizure');
  });

  it("switches on a flag balanceOf reads before the ledger, so the owner destroying a holder's tokens shows", async () => {
    const result = await analyze(codes.ActivatedLedgerToken);

    expect(result.findings.find((f) => f.kind === 'balance_seizure')?.selector).toBe(
      toFunctionSelector('destroy(address,uint256)'),
    );
    expect(result.ledger.notes).toEqual([]);
  });

  it('finds a sale price the owner sets so that a buyer gets next to nothing for its ether', async () => {
    const result = await analyze(codes.SalePriceToken);

    const fee = result.findings.find((f) => f.kind === 'confiscatory_fee');
    expect(fee?.evidence).toMatch(/a buyer received \d+ tokens for \d+ wei, against \d+ under another setting/);
  });

  it('finds a sale price the owner sets for a sale through the fallback that skips when the seller is short', async () => {
    const result = await analyze(codes.FallbackSaleToken);

    const fee = result.findings.find((f) => f.kind === 'confiscatory_fee');
    expect(fee?.selector).toBe(toFunctionSelector('setPrice(uint256)'));
    expect(fee?.evidence).toMatch(/a buyer received 0 tokens for \d+ wei, against [1-9]\d* under another setting/);
  });

  it("opens a sale through the fallback and fills its stock, unset on a bare state, so the owner's sale price shows", async () => {
    const result = await analyze(codes.ClosedSaleToken);

    const fee = result.findings.find((f) => f.kind === 'confiscatory_fee');
    expect(fee?.selector).toBe(toFunctionSelector('setPrice(uint256)'));
    expect(fee?.evidence).toMatch(/a buyer received \d+ tokens for \d+ wei, against \d+ under another setting/);
  });

  it('lists the chosen holder first when a gated mint reverts on its empty entry', async () => {
    const result = await analyze(codes.RegisteredMintToken);

    const mint = result.findings.find((f) => f.kind === 'mint');
    expect(mint?.selector).toBe(toFunctionSelector('mintTo(address,uint256)'));
    expect(mint?.evidence).toMatch(/the chosen holder listed first \(entry 0x[0-9a-f]+ switched on\)/);
  });

  it('keeps each call its own transaction: a freeze explored after a thaw that listed the holder still shows', async () => {
    const result = await analyze(codes.FreezeThawToken);

    expect(result.findings.find((f) => f.kind === 'blacklist')?.selector).toBe(toFunctionSelector('freeze(address)'));
  });

  it('finds a rate-and-cap credit as a mint, taking back a running total switched on in place of the cap', async () => {
    const result = await analyze(codes.RateCapToken);

    expect(result.findings.find((f) => f.kind === 'mint')?.evidence).toMatch(/with no one debited/);
  });

  it('switches on a zero quota a gated allocation returned false on, so allocating shows as a mint', async () => {
    const result = await analyze(codes.QuotaAllocationToken);

    const mint = result.findings.find((f) => f.kind === 'mint');
    expect(mint?.selector).toBe(toFunctionSelector('allocate(address,uint256,uint8)'));
    expect(mint?.evidence).toMatch(
      /unset deployment setting 0x[0-9a-f]+ switched on\): balances probe victim \+1 with no one debited/,
    );
  });

  it('does not take what a purchase gave under a slot set for one retry as a price the retried function set', async () => {
    const result = await analyze(codes.PokedSaleToken);

    expect(result.findings.filter((f) => f.kind === 'confiscatory_fee')).toEqual([]);
  });

  it("funds the zero address's empty entry a gated issue debits, so issuing its unissued supply shows as a mint", async () => {
    const result = await analyze(codes.ZeroReserveToken);

    const mint = result.findings.find((f) => f.kind === 'mint');
    expect(mint?.selector).toBe(toFunctionSelector('issue(address,uint256)'));
    expect(mint?.evidence).toMatch(/unissued supply\).*with no one debited/);
  });

  it("leaves a deployed token's empty zero-address reserve empty: nothing is left to issue", async () => {
    const result = await analyzePowers({
      token: '0x00000000000000000000000000000000000070c4',
      code: codes.ZeroReserveToken,
      logic: null,
      poolQueries: [],
      reader: new DeployedOwnerState(),
      signatureOf,
    });

    expect(result.findings.map((f) => f.kind)).not.toContain('mint');
  });

  it('runs a call again as the owner when its caller check skipped the body instead of reverting', async () => {
    const result = await analyze(codes.SkippingCheckToken);

    const mint = result.findings.find((f) => f.kind === 'mint');
    expect(mint?.selector).toBe(toFunctionSelector('allot(address,uint256)'));
    expect(mint?.authority.kind).toBe('owner_slot');
  });

  it('does not call a holder taking back their own stake, or a burn of the reserve, a seizure', async () => {
    const result = await analyze(codes.StakeBackToken);

    expect(result.findings.map((f) => f.kind)).not.toContain('balance_seizure');
  });

  it('calls a number that blocks transfers only when smaller than them a transfer limit', async () => {
    const result = await analyze(codes.MaxTxToken);

    expect(result.findings.map((f) => f.kind)).toEqual(['transfer_limit']);
  });

  it('calls a function that stops transfers whatever number it is given a pause, not a limit', async () => {
    const result = await analyze(codes.NumberedStopToken);

    expect(result.findings.map((f) => f.kind)).toEqual(['pause']);
  });

  it('finds a packed issuer slot without the storage layout (a bare state asks for none) by filling the slot with a pattern', async () => {
    const result = await analyze(codes.PackedIssuerToken);

    const mint = result.findings.find((f) => f.kind === 'mint');
    expect(mint?.selector).toBe(toFunctionSelector('issue(address,uint256)'));
    expect(mint?.authority).toMatchObject({ kind: 'storage_slot', slot: pad('0x5') });
  });
});
