/** One part of a whole, in percent. */
export interface Share {
  label: string;
  share: number;
  className: string;
}

/** `0x1234…abcd`. */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Shares of a whole as one stacked bar (described for screen readers) with its legend. */
export function ShareBar({ parts, testId }: { parts: Share[]; testId: string }) {
  return (
    <figure className="holder-chart" data-testid={testId}>
      <div
        className="bar-chart"
        role="img"
        aria-label={parts.map((p) => `${p.label} ${p.share.toFixed(1)}%`).join(', ')}
      >
        {parts.map((p) => (
          <span
            key={p.label}
            className={p.className}
            style={{ width: `${p.share}%` }}
            title={`${p.label}: ${p.share.toFixed(1)}%`}
          />
        ))}
      </div>
      <figcaption>
        {parts.map((p) => (
          <span key={p.label} className="legend">
            <span className={`swatch ${p.className}`} />
            {p.label}: {p.share.toFixed(1)}%
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
