/**
 * The code blocks of a Markdown document, as the doc test (test/docs.e2e-spec.ts) runs them.
 *
 * Every ```bash (or ```sh) block is run; a ```js block is a file the reader saves, named by its first
 * line (`// scan.mjs …`), which a later bash block runs. A block that cannot run against the test's
 * service says why on the line before its fence, in the document itself:
 *
 *   <!-- doc-test: skip — installs packages and starts a service of its own -->
 *
 * and a block may name what its output must show, on the lines right below it (a regular expression,
 * one per comment):
 *
 *   <!-- doc-test: stdout /Grade F/ -->
 */
export interface DocBlock {
  /** The document's path, relative to the repository. */
  file: string;
  /** Line of the opening fence (1-based). */
  line: number;
  lang: string;
  code: string;
  /** Why the block is not run (from a `skip` comment). */
  skip?: string;
  /** A js block's file name (from its first line). */
  saveAs?: string;
  /** What the block's standard output must match. */
  stdout: RegExp[];
}

const FENCE = /^```(\S*)\s*$/;
const DIRECTIVE = /^<!--\s*doc-test:\s*(skip|stdout)\b\s*(.*?)\s*-->\s*$/;
const SAVE_AS = /^\/\/\s*([\w.-]+\.m?js)\b/;

export function docBlocks(file: string, markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  const attached = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`${file}:${i + 1}: a code block that never closes`);
    const code = lines.slice(i + 1, end).join('\n');
    const block: DocBlock = { file, line: i + 1, lang: open[1], code, stdout: [] };
    // `skip` on the lines just above the fence, `stdout` on the lines just below the block.
    for (let j = i - 1; j >= 0 && DIRECTIVE.test(lines[j]); j--) {
      const [, kind, text] = DIRECTIVE.exec(lines[j])!;
      if (kind !== 'skip') throw new Error(`${file}:${j + 1}: a doc-test ${kind} line goes below its block`);
      block.skip = text.replace(/^[—:-]\s*/, '') || 'no reason given';
      attached.add(j);
    }
    for (let j = end + 1; j < lines.length && DIRECTIVE.test(lines[j]); j++) {
      const [, kind, text] = DIRECTIVE.exec(lines[j])!;
      if (kind !== 'stdout') continue; // the next block's skip
      block.stdout.push(regexOf(text, `${file}:${j + 1}`));
      attached.add(j);
    }
    if (block.lang === 'js') block.saveAs = SAVE_AS.exec(lines[i + 1] ?? '')?.[1];
    blocks.push(block);
    i = end;
  }
  const loose = lines.findIndex((l, j) => /^<!--\s*doc-test:/.test(l) && !attached.has(j));
  if (loose >= 0) throw new Error(`${file}:${loose + 1}: a doc-test line that is next to no code block`);
  return blocks;
}

function regexOf(text: string, where: string): RegExp {
  const m = /^\/(.+)\/([a-z]*)$/.exec(text);
  if (!m) throw new Error(`${where}: a doc-test stdout expectation must be /regex/, got ${text}`);
  return new RegExp(m[1], m[2]);
}

/** Blocks the doc test runs or saves: shell blocks and named js files, not skipped. */
export const runnable = (b: DocBlock) =>
  !b.skip && (b.lang === 'bash' || b.lang === 'sh' || (b.lang === 'js' && b.saveAs !== undefined));
