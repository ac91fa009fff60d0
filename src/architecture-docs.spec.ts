import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const DOC = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');

/** Written by `npm ci` (the Prisma client) and not committed; the page names it in src/prisma's row. */
const GENERATED = new Set(['src/prisma/generated']);

/** Every folder under src/ holding a .ts file, as `src/a/b`; generated folders are skipped. */
function codeFolders(dir: string): string[] {
  const path = relative(ROOT, dir);
  if (GENERATED.has(path)) return [];
  const entries = readdirSync(dir, { withFileTypes: true });
  const own = entries.some((e) => e.isFile() && e.name.endsWith('.ts')) ? [path] : [];
  return [...own, ...entries.filter((e) => e.isDirectory()).flatMap((e) => codeFolders(join(dir, e.name)))];
}

/** The rows of the page's tables whose first cell names a folder: folder → the row's text (rows of one folder joined). */
function folderRows(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const [, folder, rest] of DOC.matchAll(/^\| `([\w./-]+?)\/?`[^|]*\|(.*)$/gm))
    rows.set(folder, `${rows.get(folder) ?? ''} ${rest}`);
  return rows;
}

/**
 * Named: the whole path in backticks anywhere on the page, or, in the row of a folder above it, the
 * path below that folder as the start of a backticked name (`contract/engine/` in src/analysis's row).
 */
function isNamed(folder: string, rows: Map<string, string>): boolean {
  if (DOC.includes(`\`${folder}\``) || DOC.includes(`\`${folder}/`)) return true;
  return [...rows].some(
    ([above, row]) => folder.startsWith(`${above}/`) && row.includes(`\`${folder.slice(above.length + 1)}/`),
  );
}

describe('docs/architecture.md names what src/ holds', () => {
  const rows = folderRows();

  it('finds the folder rows it reads (the table is where the page says)', () => {
    expect([...rows.keys()]).toEqual(expect.arrayContaining(['src/http/a', 'src/analysis', 'src/chain', 'src/common']));
  });

  it('names every folder of src/ that holds code', () => {
    const folders = codeFolders(join(ROOT, 'src'));
    expect(folders).toEqual(
      expect.arrayContaining(['src/jobs', 'src/analysis/contract/engine', 'src/http/shared/openapi']),
    );
    expect(folders.filter((f) => !isNamed(f, rows))).toEqual([]);
  });

  it('names every top-level file of src/', () => {
    const files = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `src/${e.name}`);
    expect(files.filter((f) => !DOC.includes(`\`${f}\``))).toEqual([]);
  });

  it('tells a folder named only inside another row apart from one not named at all', () => {
    expect(isNamed('src/analysis/contract/engine', rows)).toBe(true);
    expect(isNamed('src/analysis/no-such-folder', rows)).toBe(false);
    expect(isNamed('src/no-such-folder', rows)).toBe(false);
  });
});
