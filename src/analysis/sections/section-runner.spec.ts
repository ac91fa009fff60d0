import type { Logger } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import type { IncompleteSection } from '../report/token-report';
import type { TokenInfo } from '../token-info/token-info.types';
import type { AnyStep, ScanContext, StepName, StepOutputs } from './section';
import { runSections, type Outcome } from './section-runner';

/** A promise the test settles by hand. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (err: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const scan: ScanContext = {
  chain: 'eth',
  address: '0x00000000000000000000000000000000000000aa',
  info: { address: '0x00000000000000000000000000000000000000aa' } as unknown as TokenInfo,
  socialApiKey: undefined,
  discovery: undefined,
  handedOff: new AbortController().signal,
};

/** A step whose run is a jest mock answering `answer`. */
function step(
  name: StepName,
  role: AnyStep['role'],
  answer: () => Promise<unknown>,
  deps: Partial<Pick<AnyStep, 'needs' | 'uses' | 'later'>> = {},
): AnyStep {
  return {
    name,
    role,
    needs: deps.needs ?? [],
    uses: deps.uses,
    later: deps.later,
    wanted: () => true,
    run: jest.fn(answer) as AnyStep['run'],
  };
}

function start(steps: AnyStep[]) {
  const incomplete: IncompleteSection[] = [];
  const logger = { error: jest.fn(), warn: jest.fn() } as unknown as Logger;
  const settled = new Map<StepName, Outcome>();
  const sut = runSections({ steps, scan, incomplete, logger, settled: (s, o) => settled.set(s.name, o) });
  return { sut, incomplete, settled, logger };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
const fatalError = () => new AppError('unavailable', 'the node is down');

describe('runSections', () => {
  it('starts what needs nothing at once and a step only once all it needs is in', async () => {
    const contract = deferred<unknown>();
    const simulation = deferred<unknown>();
    const security = step('security', { kind: 'section', feature: 'security' }, async () => 'both', {
      needs: ['contract', 'simulation'],
    });
    const steps = [
      step('simulation', { kind: 'part', of: 'security' }, () => simulation.promise),
      step('contract', { kind: 'part', of: 'security' }, () => contract.promise),
      security,
    ];
    const { sut, settled } = start(steps);
    expect(steps[0].run).toHaveBeenCalled();
    expect(steps[1].run).toHaveBeenCalled();
    contract.resolve('c');
    await flush();
    expect(security.run).not.toHaveBeenCalled();
    simulation.resolve('s');
    await sut.finished;
    expect(security.run).toHaveBeenCalledWith({ contract: 'c', simulation: 's' }, scan);
    expect(settled.get('security')).toEqual({ ok: true, value: 'both' });
  });

  it('leaves a section out when a need from another section failed, naming that section; its own part failing is its own failure', async () => {
    const wash = step('washTrading', { kind: 'section', feature: 'wash_trading' }, async () => 'wash', {
      needs: ['pools'],
    });
    const market = step('market', { kind: 'section', feature: 'market' }, async () => 'market', { needs: ['pools'] });
    const { sut, incomplete, settled, logger } = start([
      step('pools', { kind: 'part', of: 'market' }, () => Promise.reject(new Error('boom'))),
      market,
      wash,
    ]);
    await sut.finished;
    expect(wash.run).not.toHaveBeenCalled();
    expect(market.run).not.toHaveBeenCalled();
    expect(incomplete).toEqual([
      {
        section: 'market',
        reason: expect.stringMatching(/^unexpected error while analysing \(reference [0-9a-f]{8}\)$/),
        reference: expect.any(String),
      },
      { section: 'wash_trading', reason: 'needs the market section, which could not be finished' },
    ]);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(settled.get('washTrading')).toMatchObject({ ok: false, fatal: false });
  });

  it('fails the run at a failure with a meaning of its own, passed on untouched to what uses it', async () => {
    const error = fatalError();
    const social = step('social', { kind: 'section', feature: 'link_analysis' }, async () => 'links', {
      uses: ['security'],
    });
    const { sut, incomplete } = start([
      step('security', { kind: 'section', feature: 'security' }, () => Promise.reject(error)),
      social,
    ]);
    await expect(sut.finished).rejects.toBe(error);
    expect(social.run).not.toHaveBeenCalled();
    expect(incomplete).toEqual([]);
  });

  it('hands a failed or absent step a section uses over as undefined', async () => {
    const social = step('social', { kind: 'section', feature: 'link_analysis' }, async () => 'links', {
      uses: ['security'],
    });
    const { sut } = start([
      step('security', { kind: 'section', feature: 'security' }, () => Promise.reject(new Error('bug'))),
      social,
    ]);
    await sut.finished;
    expect(social.run).toHaveBeenCalledWith({ security: undefined }, scan);
    const alone = step('social', { kind: 'section', feature: 'link_analysis' }, async () => 'links', {
      uses: ['security'],
    });
    await start([alone]).sut.finished;
    expect(alone.run).toHaveBeenCalledWith({ security: undefined }, scan);
  });

  it('lets an aside answer in place of a failed need and of a fatal failure it reads later', async () => {
    const recover = jest.fn(() => null);
    const sells = step('holderSells', { kind: 'aside', recover }, async () => 'sells', { needs: ['pools'] });
    const locks = step(
      'liquidityLocks',
      { kind: 'aside', recover },
      async (...args: unknown[]) => {
        const [inputs] = args as [{ market: Promise<StepOutputs['market'] | undefined> }];
        await inputs.market;
        return 'locks';
      },
      { later: ['market'] },
    );
    const error = fatalError();
    const poolsFailure = new Error('no pools');
    const { sut, settled } = start([
      step('pools', { kind: 'part', of: 'market' }, () => Promise.reject(poolsFailure)),
      step('market', { kind: 'section', feature: 'market' }, () => Promise.reject(error)),
      sells,
      locks,
    ]);
    await expect(sut.finished).rejects.toBe(error);
    await flush();
    expect(sells.run).not.toHaveBeenCalled();
    expect(recover).toHaveBeenCalledWith(poolsFailure, scan);
    expect(recover).toHaveBeenCalledWith(error, scan);
    expect(settled.get('holderSells')).toEqual({ ok: true, value: null });
    expect(settled.get('liquidityLocks')).toEqual({ ok: true, value: null });
  });

  it('hands a step read later over as undefined when it failed without failing the scan', async () => {
    let market: unknown = 'unread';
    const locks = step(
      'liquidityLocks',
      { kind: 'aside', recover: () => null },
      async (...args: unknown[]) => {
        market = await (args[0] as { market: Promise<unknown> }).market;
        return null;
      },
      { later: ['market'] },
    );
    await start([step('market', { kind: 'section', feature: 'market' }, () => Promise.reject(new Error('bug'))), locks])
      .sut.finished;
    expect(market).toBeUndefined();
  });
});
