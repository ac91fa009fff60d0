import { Controller, Get, Module } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { storage } from 'nestjs-pino/storage';
import { ErrorFixtureModule } from './fixtures/error-fixture.module';
import { bootTestApp, TestApp } from './support/test-app';

@ApiExcludeController()
@Controller('api/v1/__fixture')
class ContextFixtureController {
  /** Whether the request runs inside nestjs-pino's AsyncLocalStorage (its hooks tax every promise). */
  @Get('log-context')
  logContext(): { inStore: boolean } {
    return { inStore: storage.getStore() !== undefined };
  }
}

@Module({ controllers: [ContextFixtureController] })
class ContextFixtureModule {}

type Line = { msg?: string; reqId?: string; req?: { id?: string; path?: string }; res?: { statusCode?: number } };

describe('Request logging without an async context', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await bootTestApp({
      extraModules: [ErrorFixtureModule, ContextFixtureModule],
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(() => t.close());

  const parsed = () => lines.map((l) => JSON.parse(l) as Line);

  it('runs requests outside any AsyncLocalStorage store', async () => {
    const res = await t.http.get('/api/v1/__fixture/log-context').expect(200);
    expect(res.body).toEqual({ inStore: false });
  });

  it("writes the request id on a request's access line and on its unhandled error's line", async () => {
    t.app.flushLogs(); // the app is made with bufferLogs: its own lines wait for this (main.ts's listen)
    lines.length = 0;
    await t.http.get('/api/v1/__fixture/boom').set('X-Request-Id', 'boom-trace-1').expect(500);
    const access = parsed().find((l) => l.req?.id === 'boom-trace-1');
    expect(access).toMatchObject({ req: { path: '/api/v1/__fixture/boom' }, res: { statusCode: 500 } });
    const error = parsed().find((l) => l.msg === 'Unhandled error');
    expect(error).toMatchObject({ reqId: 'boom-trace-1' });
  });

  it('gives a request without an id a fresh one, the same in its response and its access line', async () => {
    lines.length = 0;
    const res = await t.http.get('/health').expect(200);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed().filter((l) => l.req?.id === id)).toHaveLength(1);
  });
});
