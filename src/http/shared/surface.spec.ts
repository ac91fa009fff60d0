import { surfaceOf } from './surface';

describe('surfaceOf', () => {
  it.each([
    ['/api/v1/token/scan', '/scanner', 'A'],
    ['/health', '/scanner', 'A'],
    ['/scanner/health', '/scanner', 'B'],
    ['/scanner/api/v1/token/analyze', '/scanner', 'B'],
    ['/scanner', '/scanner', 'B'],
    ['/scannerx/api', '/scanner', 'A'],
    ['/v1/analyze/token/0xabc', '/scanner', 'C'],
    ['/v1', '/scanner', 'C'],
    ['/v10/x', '/scanner', 'A'],
    ['/b/api/v1/user/stats', '/b', 'B'],
  ])('%s with B at %s → %s', (path, base, surface) => {
    expect(surfaceOf(path, base)).toBe(surface);
  });
});
