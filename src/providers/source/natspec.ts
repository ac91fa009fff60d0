/**
 * The NatSpec block right above `contract <name>` (/// lines or one /** *\/ block), as plain text
 * with the tags dropped: what the author says the contract is, for the token's description.
 */
export function contractComments(source: string, contractName: string): string | undefined {
  const lines = source.split(/\r?\n/);
  const declaration = new RegExp(`^\\s*(abstract\\s+)?contract\\s+${contractName}\\b`);
  const at = lines.findIndex((line) => declaration.test(line));
  if (at <= 0) return undefined;
  const block: string[] = [];
  for (let i = at - 1; i >= 0; i--) {
    const line = lines[i].trim();
    if (!(line.startsWith('///') || line.startsWith('*') || line.startsWith('/**'))) break;
    block.unshift(line);
    if (line.startsWith('/**')) break;
  }
  const text = block
    .map((line) =>
      line
        .replace(/^\/\*\*|\*\/$|^\/\/\/|^\*/g, '')
        .replace(/@(notice|title|dev|author)\s*/g, '')
        .trim(),
    )
    .filter(Boolean)
    .join(' ');
  return text.length > 0 ? text : undefined;
}
