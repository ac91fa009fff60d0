import { useState } from 'react';
import { messageOf } from './api';

/**
 * A form's or button's call to the service: `run` clears the last error, marks the action busy while
 * the work runs, and turns anything it throws (the service unreachable, a wallet refusing) into the
 * message shown; the work reports an answered error itself through `setError`.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>): Promise<void> => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
