import { unavailableProblem } from './unavailable';

describe('unavailableProblem', () => {
  it.each([
    ['a pool that cannot connect in time', Object.assign(new Error('timeout exceeded when trying to connect'), {})],
    [
      'a statement the server cancelled',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ],
    [
      'an administrator shutdown',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['Prisma failing to reach the server', Object.assign(new Error('Can not connect'), { code: 'P1001' })],
    [
      'a server out of connection slots (Prisma P2037)',
      Object.assign(new Error('Too many database connections opened: sorry, too many clients already'), {
        code: 'P2037',
      }),
    ],
    [
      'a wrapped connection loss',
      new Error('query failed', { cause: new Error('Connection terminated unexpectedly') }),
    ],
  ])('reads %s as the database being unavailable: 503 with Retry-After', (_what, error) => {
    expect(unavailableProblem(error)).toEqual(
      expect.objectContaining({ status: 503, cCode: 'DATABASE_UNAVAILABLE', retryAfter: 5 }),
    );
  });

  it('reads a bare refused socket as some service being unavailable, without naming the database', () => {
    const problem = unavailableProblem(
      Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' }),
    );
    expect(problem).toEqual(
      expect.objectContaining({ status: 503, message: 'A service this request needs is unavailable; retry shortly' }),
    );
    expect(problem?.cCode).toBeUndefined();
  });

  it.each([
    [
      'a unique violation',
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    ],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a string', 'boom'],
  ])('leaves %s alone (still a 500)', (_what, error) => {
    expect(unavailableProblem(error)).toBeNull();
  });
});
