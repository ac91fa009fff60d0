import { z } from 'zod';
import { whoHolds } from '../../../analysis/contract/engine/finding-compiler';
import { FINDING_KINDS, type PowerRef, type Tradability } from '../../../analysis/contract/engine/findings';
import { component } from '../openapi/api-schemas';

// Whether holders may trade now, and who opens or closes trading: the same snake_case object on every surface.

const power = z.object({
  function: z.string().meta({ example: 'enableTrading()', description: 'The signature, or the selector when unknown' }),
  selector: z.string().nullable().meta({ example: '0x8a8c523c' }),
  kind: z.enum(FINDING_KINDS).meta({
    example: 'trading_switch',
    description: 'The finding (see malicious_functions / findings for its evidence)',
  }),
  status: z.enum(['live', 'dormant']).meta({ description: 'dormant: nobody holds the authority (renounced)' }),
  held_by: z.string().meta({ example: 'the owner (owner() = 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, an EOA)' }),
});

/** Registers the trading status schema as component `id` (TradingStatusA, TradingStatusB, TradingStatusC). */
export function tradingStatusComponent(id: string) {
  return component(
    id,
    z.object({
      tradable: z.boolean().nullable().meta({
        example: true,
        description:
          "false: not yet tradable (every holder's transfer reverts until the calls in opened_by); null when no holder balance could be set to tell",
      }),
      opened_by: z.array(power).meta({
        description:
          'The launch: the calls, in order (at most three), after which a transfer goes through; empty when tradable or when none was found',
      }),
      closable_by: z
        .array(power)
        .meta({ description: "Powers that can stop every holder's transfers or sells again once trading is open" }),
    }),
  );
}

function presentPower(p: PowerRef): z.output<typeof power> {
  return {
    function: p.signature ?? p.selector ?? 'the code',
    selector: p.selector,
    kind: p.kind,
    status: p.status,
    held_by: whoHolds(p.authority),
  };
}

export function presentTradingStatus(t: Tradability): z.output<ReturnType<typeof tradingStatusComponent>> {
  return { tradable: t.open, opened_by: t.openedBy.map(presentPower), closable_by: t.closableBy.map(presentPower) };
}
