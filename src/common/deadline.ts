/**
 * `work`, or `expired()`'s error once `ms` have passed without it settling. The abandoned work goes on
 * and settles by itself; its rejection is kept from going unhandled. The timer is cleared either way.
 */
export async function raceDeadline<T>(work: Promise<T>, ms: number, expired: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(expired()), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
