import { prettyLine, prettyLogStream } from './pretty-log';

describe('prettyLine', () => {
  const time = Date.UTC(2025, 0, 2, 13, 4, 5, 678);

  it('puts time, level, context and message first, then the other fields as key=value', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      context: 'HttpRequests',
      req: { id: 'r1', method: 'POST', path: '/api/v1/token/scan' },
      res: { statusCode: 200 },
      key_prefix: 'ta_1a2b3c4d',
      responseTime: 12,
      msg: 'request completed',
    });
    expect(prettyLine(line)).toBe(
      '13:04:05.678 INFO  [HttpRequests] request completed req={"id":"r1","method":"POST","path":"/api/v1/token/scan"} res={"statusCode":200} key_prefix=ta_1a2b3c4d responseTime=12',
    );
  });

  it("shows an error's stack on the lines below, indented", () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'Unhandled error',
      err: { message: 'boom', stack: 'Error: boom\n    at f (x.ts:1)' },
    });
    expect(prettyLine(line)).toBe('13:04:05.678 ERROR Unhandled error\n    Error: boom\n        at f (x.ts:1)');
  });

  it('colours the level only when asked, and passes a line that is not JSON through', () => {
    expect(prettyLine(JSON.stringify({ level: 40, time, msg: 'w' }), true)).toBe('13:04:05.678 \x1b[33mWARN \x1b[0m w');
    expect(prettyLine('not json')).toBe('not json');
  });

  it('writes one pretty line per JSON line of a chunk', () => {
    const out: string[] = [];
    prettyLogStream({ write: (text: string) => out.push(text) }).write(
      `${JSON.stringify({ level: 30, time, msg: 'a' })}\n${JSON.stringify({ level: 20, time, msg: 'b' })}\n`,
    );
    expect(out).toEqual(['13:04:05.678 INFO  a\n', '13:04:05.678 DEBUG b\n']);
  });
});
