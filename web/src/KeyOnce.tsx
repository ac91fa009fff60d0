import { useState } from 'react';

/** A key just issued: shown this once, with a copy button and the warning. */
export function KeyOnce({ apiKey }: { apiKey: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(apiKey);
    setCopied(true);
  };
  return (
    <div className="notice" role="status">
      <p>
        <strong>Your new key is shown once.</strong> Copy it now and keep it somewhere safe: it cannot be shown again.
      </p>
      <p className="key-row">
        <code data-testid="issued-key">{apiKey}</code>
        <button type="button" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </p>
    </div>
  );
}
