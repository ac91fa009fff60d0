import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules', '.bin', 'depcruise');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The import rules of .dependency-cruiser.cjs, applied to the `src` folder under `cwd`. */
function violations(cwd: string): Violation[] {
  const out = execFileSync(DEPCRUISE, ['src', '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('Import rules (surfaces → domain → metering → chain/providers → config/common)', () => {
  it('hold for src/', () => {
    const found = violations(ROOT).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(found).toEqual([]);
  });

  it('catch each kind of forbidden import (a fixture tree that breaks them)', () => {
    const found = violations(join(ROOT, 'test', 'fixtures', 'import-rules')).map((v) => [v.rule.name, v.from, v.to]);
    expect(found.sort()).toEqual(
      [
        ['chain-and-providers-below-domain', 'src/providers/source.ts', 'src/analysis/engine.ts'],
        ['engine-alone', 'src/analysis/engine.ts', 'src/accounts/plans.ts'],
        ['no-cycles', 'src/chain/a.ts', 'src/chain/b.ts'],
        ['nothing-below-imports-http', 'src/analysis/engine.ts', 'src/http/a/scan.controller.ts'],
        ['surface-a-alone', 'src/http/a/scan.controller.ts', 'src/http/b/features.controller.ts'],
      ].sort(),
    );
  });
});
