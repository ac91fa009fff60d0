/**
 * Resolves when `check` answers true (asked every 50 ms); fails after `limitMs`. A bound on a hang while
 * a process starts or a job moves, not a timing assertion.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 90_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}
