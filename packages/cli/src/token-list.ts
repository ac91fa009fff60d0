export interface TokenTarget {
  contract_address: string;
  chain: string;
}

/**
 * A token list file: one token per line as `<address>` or `<address> <chain>` (space, tab or comma
 * between them); blank lines and `#` comments are skipped. The service checks the values.
 */
export function parseTokenList(text: string, defaultChain: string): TokenTarget[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const [contract_address, chain] = line.split(/[\s,]+/);
      return { contract_address, chain: chain ?? defaultChain };
    });
}
