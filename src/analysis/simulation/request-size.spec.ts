import { STATE_OVERRIDE_BATCH_CALLS } from '../../chain/rpc-transport';
import { loadSimulatorArtifact } from './simulator-artifact';

/** anvil refuses a JSON-RPC body over about 2 MB ("Invalid request"); paid providers cap lower still. */
const BODY_LIMIT = 2_000_000;

describe('simulation calls fit a capped JSON-RPC batch', () => {
  it('a full batch of calls that each carry the simulator code once stays well under the body limit', () => {
    const { deployedBytecode } = loadSimulatorArtifact();
    // One eth_call: the simulator's code in its state override, an agent stub, ~2 kB of calldata.
    const call = deployedBytecode.length + 2_000 + 500;
    expect(call * STATE_OVERRIDE_BATCH_CALLS).toBeLessThan(BODY_LIMIT / 2);
  });
});
