/** Value formatting shared by the presenters (surface A shows labelled text, B numbers). */

const UNITS: Array<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** `$1.23M`, `$12.4K`, `$1.23`, `$0.00001234`; `N/A` when unknown. */
export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'N/A';
  if (value === 0) return '$0.00';
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  for (const [size, unit] of UNITS) {
    if (abs >= size) return `${sign}$${trim((abs / size).toFixed(2))}${unit}`;
  }
  if (abs >= 1) return `${sign}$${abs.toFixed(2)}`;
  return `${sign}${price(abs)}`;
}

/** Full price text (no abbreviation): `$1.23`, `$3,000.00`, `$0.00001234`. */
export function price(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'N/A';
  if (value >= 1) return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (value === 0) return '$0.00';
  // Four significant digits, at least two decimals: $0.50, $0.01235, $0.0000001234.
  const text = value.toFixed(Math.min(20, Math.max(2, 3 - Math.floor(Math.log10(value)))));
  const [whole, decimals] = text.split('.');
  return `$${whole}.${decimals.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** `+4.56%`, `-3.20%`, `0.00%`; `N/A` when unknown. */
export function signedPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'N/A';
  const fixed = value.toFixed(2);
  return value > 0 ? `+${fixed}%` : `${fixed === '-0.00' ? '0.00' : fixed}%`;
}

/** Percent as a decimal-fraction string: 25 → `"0.25"`, 4.96 → `"0.0496"`. */
export function fraction(percent: number | null | undefined): string | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return null;
  return trim((percent / 100).toFixed(4));
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function trim(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
