import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import {
  bytesToBigInt,
  bytesToHex,
  createAddressFromString,
  hexToBytes,
  setLengthLeft,
  bigIntToBytes,
} from '@ethereumjs/util';
import { concat, getAddress, type Address, type Hex } from 'viem';
import {
  callKey,
  ChainStateReader,
  emptySnapshot,
  storageKey,
  type BlockContext,
  type StateRequest,
  type StateSnapshot,
} from '../../src/analysis/contract/engine/chain-state';

/** The deployer of every in-memory deployment (an EOA: it has no code). */
export const DEPLOYER: Address = '0x00000000000000000000000000000000de910000';

const CONTEXT: BlockContext = { number: 20_000_000n, timestamp: 1_750_000_000n, chainId: 1n };

/**
 * A token deployed from its creation code in an in-process EVM, read the way the engine reads a
 * chain: the constructor ran (storage set, contracts it created exist), so the engine sees the
 * deployed state a user meets, without a node.
 */
export class InMemoryDeployment extends ChainStateReader {
  private constructor(
    private readonly evm: EVM,
    readonly token: Address,
  ) {
    super();
  }

  static async deploy(creationCode: Hex, constructorArgs: Hex = '0x'): Promise<InMemoryDeployment> {
    const evm = await createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Cancun }) });
    const result = await evm.runCall({
      caller: createAddressFromString(DEPLOYER),
      data: hexToBytes(concat([creationCode, constructorArgs])),
      gasLimit: 30_000_000n,
      skipBalance: true,
    });
    const created = result.createdAddress;
    if (result.execResult.exceptionError || !created)
      throw new Error(`deployment reverted: ${result.execResult.exceptionError?.error ?? 'no address'}`);
    return new InMemoryDeployment(evm, getAddress(created.toString()));
  }

  /** The deployed runtime code at `address` (the token's, or a contract its constructor created). */
  async code(address: Address = this.token): Promise<Hex> {
    return bytesToHex(await this.evm.stateManager.getCode(createAddressFromString(address))) as Hex;
  }

  async read(request: StateRequest): Promise<StateSnapshot> {
    const snapshot = emptySnapshot();
    const state = this.evm.stateManager;
    for (const ref of request.storage) {
      const value = await state.getStorage(
        createAddressFromString(ref.address),
        setLengthLeft(bigIntToBytes(BigInt(ref.slot)), 32),
      );
      snapshot.storage.set(storageKey(ref.address, BigInt(ref.slot)), value.length ? bytesToBigInt(value) : 0n);
    }
    for (const address of request.code) snapshot.code.set(address.toLowerCase(), await this.code(address));
    for (const address of request.balance)
      snapshot.balance.set(
        address.toLowerCase(),
        (await state.getAccount(createAddressFromString(address)))?.balance ?? 0n,
      );
    for (const call of request.calls ?? []) {
      const result = await this.evm.runCall({
        to: createAddressFromString(call.to),
        data: hexToBytes(call.data),
        gasLimit: 10_000_000n,
        skipBalance: true,
      });
      snapshot.calls.set(
        callKey(call.to, call.data),
        result.execResult.exceptionError ? null : (bytesToHex(result.execResult.returnValue) as Hex),
      );
    }
    return snapshot;
  }

  block(): BlockContext {
    return CONTEXT;
  }
}
