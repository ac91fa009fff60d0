import { z } from 'zod';
import type { LpLockSection } from '../../../analysis/market/lp-locks.types';
import { component } from '../openapi/api-schemas';

// Who holds the pools' LP tokens, the same snake_case object on every surface (each registers its own component).

const address = (example: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .meta({ example });
const share = (description: string) =>
  z
    .number()
    .min(0)
    .meta({ example: 95, description: `${description}, percent of the LP supply` });

/** Registers the liquidity-locks schema as component `id` (LiquidityLocksA, LiquidityLocksB, LiquidityLocksC). */
export function liquidityLocksComponent(id: string) {
  const shares = {
    burned_percent: share('Held by burn addresses (0x0, 0x…dEaD)'),
    locked_percent: share('Held by known lockers'),
    owner_percent: share('Held by the token’s owner or creator'),
    others_percent: share('Held by anyone else'),
    pullable_now_percent: share('What the owner or creator can take out now: held directly, or in locks already open'),
    unlocking_soon_percent: share('In locks that open within 30 days'),
  };
  return component(
    id,
    z
      .object({
        ...shares,
        next_unlock_at: z
          .string()
          .nullable()
          .meta({ example: '2027-11-26T09:00:00.000Z', description: 'The earliest lock still closed (ISO 8601)' }),
        risk: z.enum(['LOW', 'MEDIUM', 'HIGH', 'UNKNOWN']).meta({
          example: 'LOW',
          description:
            'HIGH: the owner or creator can pull at least half the liquidity now; MEDIUM: a tenth, or half opens within 30 days; UNKNOWN: no pool with LP tokens',
        }),
        detail: z.string().meta({
          example: 'burned 0%, locked 94.99%, owner or creator 5%, others 0%; the owner or creator can pull 5% now',
        }),
        pools: z
          .array(
            z.object({
              pool: address('0x29c65118d29EcABd66e871970384067E02EcbDAd'),
              dex: z.string().meta({ example: 'Uniswap V2' }),
              lp_supply: z.string().regex(/^\d+$/).meta({
                example: '15811388300841896659994',
                description: 'LP tokens, raw units; for a V3 pool its positions’ total liquidity',
              }),
              ...shares,
              locks: z.array(
                z.object({
                  locker: z.string().meta({ example: 'UNCX Uniswap V2 locker' }),
                  locker_address: address('0x663A5C229c09b049E36dCc11a9B0d4a8Eb9db214'),
                  amount: z
                    .string()
                    .regex(/^\d+$/)
                    .meta({ example: '15020818885799801827005', description: 'LP tokens still locked, raw units' }),
                  percent: share('This lock'),
                  unlock_at: z.string().meta({ example: '2027-11-26T09:00:00.000Z' }),
                  owner: address('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266').meta({
                    description: 'Who may withdraw it once open',
                  }),
                  unlocked: z.boolean().meta({ example: false }),
                }),
              ),
            }),
          )
          .meta({
            description:
              'Each pool of the token (weighted by liquidity in the totals): holders of the LP token for V2 and Solidly pools; owners of positions for V3 pools (from the pool’s Mint and Burn logs; positions opened through a known position manager are credited to their NFTs’ holders)',
          }),
      })
      .nullable()
      .meta({ description: 'Who holds the pools’ LP tokens; null when they could not be read' }),
  );
}

export function presentLiquidityLocks(
  section: LpLockSection | null | undefined,
): z.output<ReturnType<typeof liquidityLocksComponent>> {
  if (!section) return null;
  const shares = (
    s: Pick<
      LpLockSection,
      | 'burnedPercent'
      | 'lockedPercent'
      | 'ownerPercent'
      | 'othersPercent'
      | 'pullableNowPercent'
      | 'unlockingSoonPercent'
    >,
  ) => ({
    burned_percent: s.burnedPercent,
    locked_percent: s.lockedPercent,
    owner_percent: s.ownerPercent,
    others_percent: s.othersPercent,
    pullable_now_percent: s.pullableNowPercent,
    unlocking_soon_percent: s.unlockingSoonPercent,
  });
  return {
    ...shares(section),
    next_unlock_at: section.nextUnlockAt,
    risk: section.risk,
    detail: section.detail,
    pools: section.pools.map((p) => ({
      pool: p.pool,
      dex: p.dex,
      lp_supply: p.lpSupply,
      ...shares(p),
      locks: p.locks.map((l) => ({
        locker: l.locker,
        locker_address: l.lockerAddress,
        amount: l.amount,
        percent: l.percent,
        unlock_at: l.unlockAt,
        owner: l.owner,
        unlocked: l.unlocked,
      })),
    })),
  };
}
