import type { Logger } from '@nestjs/common';
import { sectionFailure } from '../report/section-failure';
import type { Feature, IncompleteSection } from '../report/token-report';
import type { AnyStep, ScanContext, StepName } from './section';

/**
 * How a step ended. `fatal`: a failure that fails the scan (a section's failure with a meaning of its
 * own, a node down), passed on untouched by whatever needed it.
 */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown; fatal: boolean };

export interface SectionRun {
  /** Settles once every step but the parts has; rejects at the first fatal failure. */
  finished: Promise<void>;
}

/** A need that stopped a step before it ran: a failed part or section, or a fatal failure anywhere. */
class NeedFailed {
  constructor(
    readonly need: AnyStep,
    readonly outcome: Extract<Outcome, { ok: false }>,
  ) {}
}

/**
 * Starts every step as soon as the steps it needs have finished (those that need nothing at once, in
 * the order given), so steps that do not depend on each other run in parallel. `settled` is told of
 * each step as it ends, before anything that needs it starts.
 */
export function runSections(params: {
  steps: readonly AnyStep[];
  scan: ScanContext;
  incomplete: IncompleteSection[];
  logger: Logger;
  settled: (step: AnyStep, outcome: Outcome) => void;
}): SectionRun {
  const { steps } = params;
  const byName = new Map<StepName, AnyStep>(steps.map((s) => [s.name, s]));
  const outcomes = new Map<StepName, Promise<Outcome>>();
  const outcomeOf = (name: StepName): Promise<Outcome> | undefined => {
    const step = byName.get(name);
    if (!step) return undefined;
    let outcome = outcomes.get(name);
    if (!outcome) {
      outcome = start(step, params, outcomeOf).then((o) => {
        params.settled(step, o);
        return o;
      });
      outcomes.set(name, outcome);
    }
    return outcome;
  };
  for (const step of steps) {
    for (const need of step.needs)
      if (!byName.has(need)) throw new Error(`The ${step.name} step needs ${need}, which this scan does not run`);
    void outcomeOf(step.name);
  }
  const fatal = (o: Outcome): Promise<void> => (!o.ok && o.fatal ? Promise.reject(o.error) : Promise.resolve());
  const reported = steps.filter((s) => s.role.kind !== 'part');
  return { finished: Promise.all(reported.map((s) => outcomes.get(s.name)!.then(fatal))).then(() => undefined) };
}

type Params = Parameters<typeof runSections>[0];

async function start(
  step: AnyStep,
  params: Params,
  outcomeOf: (name: StepName) => Promise<Outcome> | undefined,
): Promise<Outcome> {
  const { role } = step;
  // A section waits first for what it needs of other sections (a missing one names that section),
  // then for its own parts (a failed one is its own failure); any other step for all it needs at once.
  const ownPart = (name: StepName): boolean => role.kind === 'section' && partOf(params, name) === role.feature;
  const stages: StepName[][] =
    role.kind === 'section'
      ? [[...step.needs.filter((n) => !ownPart(n)), ...(step.uses ?? [])], step.needs.filter(ownPart)]
      : [[...step.needs, ...(step.uses ?? [])]];
  const inputs: Record<string, unknown> = {};
  for (const name of step.later ?? []) {
    const value =
      outcomeOf(name)?.then((o) => (o.ok ? o.value : o.fatal ? Promise.reject(o.error) : undefined)) ??
      Promise.resolve(undefined);
    // Read when the step gets to it; a step that failed before then leaves no rejection unhandled.
    value.catch(() => undefined);
    inputs[name] = value;
  }
  try {
    for (const stage of stages)
      if (stage.length > 0) Object.assign(inputs, await stageInputs(params, stage, step, outcomeOf));
  } catch (err) {
    if (!(err instanceof NeedFailed)) throw err;
    return needFailed(step, err, params);
  }
  try {
    return { ok: true, value: await step.run(inputs as never, params.scan) };
  } catch (error) {
    return failed(step, error, params);
  }
}

/** The values of one stage's needs, once all are in; NeedFailed at the first that stops the step. */
async function stageInputs(
  params: Params,
  stage: StepName[],
  step: AnyStep,
  outcomeOf: (name: StepName) => Promise<Outcome> | undefined,
): Promise<Record<string, unknown>> {
  const optional = new Set<StepName>(step.uses ?? []);
  const values = await Promise.all(
    stage.map(async (name) => {
      const outcome = await outcomeOf(name);
      if (!outcome) return undefined;
      if (outcome.ok) return outcome.value;
      if (optional.has(name) && !outcome.fatal) return undefined;
      throw new NeedFailed(
        params.steps.find((s) => s.name === name)!,
        outcome,
      );
    }),
  );
  return Object.fromEntries(stage.map((name, i) => [name, values[i]]));
}

function needFailed(step: AnyStep, failure: NeedFailed, params: Params): Outcome {
  const { role } = step;
  const { outcome, need } = failure;
  if (outcome.fatal) return role.kind === 'aside' ? recovered(step, outcome.error, params) : outcome;
  if (role.kind !== 'section') return failed(step, outcome.error, params);
  const needed = partOf(params, need.name);
  // Its own part failed: that failure is the section's.
  if (needed === role.feature) return failed(step, outcome.error, params);
  if (!params.incomplete.some((s) => s.section === role.feature)) {
    params.incomplete.push({
      section: role.feature,
      reason: `needs the ${needed} section, which could not be finished`,
    });
  }
  return { ok: false, error: outcome.error, fatal: false };
}

/** A step's own failure, as its role takes it. */
function failed(step: AnyStep, error: unknown, params: Params): Outcome {
  const { role } = step;
  if (role.kind === 'part') return { ok: false, error, fatal: false };
  if (role.kind === 'aside') return recovered(step, error, params);
  const { chain, address } = params.scan;
  const outcome = sectionFailure(chain, role.feature, error);
  if ('rethrow' in outcome) return { ok: false, error: outcome.rethrow, fatal: true };
  const { reference } = outcome.incomplete;
  if (reference)
    params.logger.error(
      { err: error, chain, address, section: role.feature, reference },
      `Section ${role.feature} failed; served as incomplete`,
    );
  params.incomplete.push(outcome.incomplete);
  return { ok: false, error, fatal: false };
}

function recovered(step: AnyStep, error: unknown, params: Params): Outcome {
  if (step.role.kind !== 'aside') throw new Error(`${step.name} is not an aside`);
  return { ok: true, value: step.role.recover(error, params.scan) };
}

/** The report section a step belongs to (null for an aside). */
function partOf(params: Params, name: StepName): Feature | null {
  const role = params.steps.find((s) => s.name === name)?.role;
  return role?.kind === 'part' ? role.of : role?.kind === 'section' ? role.feature : null;
}
