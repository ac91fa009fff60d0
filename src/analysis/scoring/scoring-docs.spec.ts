import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FINDING_KINDS, KIND_RULES, type FindingKind } from '../contract/engine/findings';
import { WEIGHTS } from './scoring';

const root = join(__dirname, '../../..');
const scoringDoc = readFileSync(join(root, 'docs/scoring.md'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const scanDoc = readFileSync(join(root, 'docs/scan.md'), 'utf8');

/** `security 0.5, market 0.2, …` as a map, from the first line of `text` that starts with `prefix`. */
function weightsIn(text: string, marker: RegExp): Record<string, number> {
  const line = text.split('\n').find((l) => marker.test(l));
  if (!line) throw new Error(`no line matching ${marker}`);
  const start = line.search(marker);
  const rest = text.slice(text.indexOf(line) + start).split(/[;.]\s/)[0];
  return Object.fromEntries(
    [...rest.matchAll(/([a-z][a-z ]*?) (0\.\d+)/g)].map((m) => [m[1].trim().replace(/^weights /, ''), Number(m[2])]),
  );
}

const DOC_NAMES: Record<keyof typeof WEIGHTS, string> = {
  security: 'security',
  market: 'market',
  holders: 'holders',
  wash_trading: 'wash trading',
  sniper: 'snipers',
};
const expected = Object.fromEntries(Object.entries(WEIGHTS).map(([k, w]) => [DOC_NAMES[k as keyof typeof WEIGHTS], w]));

describe('docs/scoring.md, docs/scan.md and the README say what the scoring code does', () => {
  it('gives the weights of WEIGHTS, in both documents', () => {
    expect(weightsIn(scoringDoc, /^Weights: /)).toEqual(expected);
    expect(weightsIn(readme, /weights security/)).toEqual(expected);
  });

  it('lists every finding kind with the points of its rule', () => {
    const rows = Object.fromEntries(
      [...scoringDoc.matchAll(/^\| `([a-z_]+)` \| (\d+) \|/gm)].map((m) => [m[1], Number(m[2])]),
    );
    const rules = Object.fromEntries((Object.keys(KIND_RULES) as FindingKind[]).map((k) => [k, KIND_RULES[k].points]));
    expect(rows).toEqual(rules);
  });

  it("names every finding kind, in order, in docs/scan.md's list of kinds and in the README's summary", () => {
    const list = scanDoc.split('Each finding has one kind —')[1]?.split(' — ')[0] ?? '';
    expect([...list.matchAll(/`([a-z_]+)`/g)].map((m) => m[1])).toEqual([...FINDING_KINDS]);
    const summary = readme.split('measuring what changed')[1]?.split(')')[0] ?? '';
    expect([...summary.matchAll(/`([a-z_]+)`/g)].map((m) => m[1])).toEqual([...FINDING_KINDS]);
  });
});
