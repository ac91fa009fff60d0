import { formatUptime } from './health.service';

describe('formatUptime', () => {
  it.each([
    [0, '0 days, 00:00:00'],
    [59, '0 days, 00:00:59'],
    [3_661, '0 days, 01:01:01'],
    [86_399, '0 days, 23:59:59'],
    [86_400, '1 days, 00:00:00'],
    [10 * 86_400 + 45_296, '10 days, 12:34:56'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatUptime(seconds)).toBe(text);
  });
});
