/**
 * The code blocks of a Markdown document, as the doc test (test/docs.e2e-spec.ts) runs them.
 *
 * Every ```bash (or ```sh) block is run; a ```js block is a file the reader saves, named by its first
 * line (`// scan.mjs …`), which a later bash block runs. A block that cannot run against the test's
 * service says why on the line before its fence, in the document itself:
 *
 *   <!-- doc-test: skip — installs packages and starts a service of its own -->
 *
 * and a block may name what its output must show (a regular expression, one per comment):
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
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`${file}:${i + 1}: a code block that never closes`);
    const code = lines.slice(i + 1, end).join('\n');
    const block: DocBlock = { file, line: i + 1, lang: open[1], code, stdout: [] };
    for (let j = i - 1; j >= 0; j--) {
      const d = DIRECTIVE.exec(lines[j]);
      if (!d) break;
      if (d[1] === 'skip') block.skip = d[2].replace(/^[—:-]\s*/, '') || 'no reason given';
      else block.stdout.push(regexOf(d[2], `${file}:${j + 1}`));
    }
    if (block.lang === 'js') block.saveAs = SAVE_AS.exec(lines[i + 1] ?? '')?.[1];
    blocks.push(block);
    i = end;
  }
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
