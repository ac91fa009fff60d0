import { tokenReport } from '../../../test/factories/report.factory';
import { withSimulationEvasion } from './evasion';

describe('withSimulationEvasion', () => {
  const { contract, simulation } = tokenReport().security!;
  const evasion = [
    {
      variable: 'block.coinbase' as const,
      value: '0x9522… (a block builder)',
      outcomes: ['the buy and the sell went through', 'the buy reverted'] as [string, string],
    },
  ];

  it('puts a simulation a real block refuses in the findings list, and in the listed functions', () => {
    const sut = withSimulationEvasion(contract, { ...simulation, evasion });

    const found = sut.findings.filter((f) => f.kind === 'environment_dependent');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ selector: null, status: 'live', authority: { kind: 'code' } });
    expect(found[0].evidence).toBe(
      'the simulated round trip: the buy and the sell went through with block.coinbase as a simulator sets it, the buy reverted with block.coinbase = 0x9522… (a block builder): a simulation in one block passes while a real trade in the other is refused',
    );
    expect(sut.maliciousFunctions.map((f) => f.kind)).toContain('environment_dependent');
  });

  it('adds nothing when the simulation ended alike, or when the engine found it already', () => {
    expect(withSimulationEvasion(contract, { ...simulation, evasion: [] })).toBe(contract);
    const found = withSimulationEvasion(contract, { ...simulation, evasion });
    expect(withSimulationEvasion(found, { ...simulation, evasion }).findings).toHaveLength(found.findings.length);
  });
});
