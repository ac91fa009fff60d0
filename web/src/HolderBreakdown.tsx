import { useState } from 'react';
import { B_CHAINS } from '../../src/config/chains';
import { getHoldersFeature, type HoldersFeatureResponseB } from '../../packages/sdk/src/index';
import { client, messageOf } from './api';
import { ShareBar, shortAddress, type Share } from './ShareBar';
import { useAction } from './useAction';

/** Chains surface B's holder feature takes. */
type BChain = (typeof B_CHAINS)[number];
export const hasHolderBreakdown = (chain: string): chain is BChain => (B_CHAINS as readonly string[]).includes(chain);

/** Pools, burn and the ten largest other holders, then everyone else: what the supply's holders are. */
function slicesOf(holders: HoldersFeatureResponseB['top_holders']): Share[] {
  const pools = holders.filter((h) => h.tags.includes('pair'));
  const burned = holders.filter((h) => h.tags.includes('burn') || h.tags.includes('zero'));
  const others = holders.filter((h) => !pools.includes(h) && !burned.includes(h)).slice(0, 10);
  const sum = (list: typeof holders) => list.reduce((total, h) => total + h.percentage, 0);
  const slices: Share[] = [
    { label: 'Pools', share: sum(pools), className: 'pools' },
    { label: 'Burned', share: sum(burned), className: 'burn' },
    ...others.map((h, i) => ({
      label: `${shortAddress(h.address)}${h.tags.includes('contract') ? ' (contract)' : ''}`,
      share: h.percentage,
      className: `holder-${i % 2}`,
    })),
  ].filter((s) => s.share > 0);
  const listed = slices.reduce((total, s) => total + s.share, 0);
  return [...slices, { label: 'Everyone else', share: Math.max(0, 100 - listed), className: 'rest' }];
}

/** Asked for on demand: it is a surface B feature call, so it takes one call of the key's quota. */
export function HolderBreakdown({ apiKey, address, chain }: { apiKey: string; address: string; chain: BChain }) {
  const [slices, setSlices] = useState<Share[] | null>(null);
  const { error, setError, run } = useAction();
  const load = () =>
    run(async () => {
      const {
        data,
        error: failure,
        response,
      } = await getHoldersFeature({ client: client(apiKey), body: { contract_address: address, chain } });
      if (!data) return setError(messageOf(failure, response));
      setSlices(slicesOf(data.top_holders));
    });
  if (!slices) {
    return (
      <p>
        <button type="button" onClick={load}>
          Show who holds it
        </button>{' '}
        <span className="muted">(pools, burn, the largest holders; uses one call)</span>
        {error && (
          <span className="error" role="alert">
            {' '}
            {error}
          </span>
        )}
      </p>
    );
  }
  return <ShareBar parts={slices} testId="holder-breakdown" />;
}
