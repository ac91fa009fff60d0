import { Global, Module, type Type } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readManifest } from '../devnet';
import { LLM_OPTIONS, type LlmOptions } from '../src/providers/llm/llm-options';
import { keyOfPlan, sql } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

const manifest = readManifest();
const HONEYPOT = manifest.tokens.honeypot.address;
const UNVERIFIED = manifest.tokens.unverified.address;
const TAXED = manifest.tokens.taxed.address;
const LLM_KEY = 'test-llm-key-0123456789';

/** Binds LlmModule's options for one app (the lead's config will bind them the same way). */
function llmOptionsModule(options: LlmOptions): Type {
  @Global()
  @Module({ providers: [{ provide: LLM_OPTIONS, useValue: options }], exports: [LLM_OPTIONS] })
  class LlmTestOptionsModule {}
  return LlmTestOptionsModule;
}

interface SeenRequest {
  url: string;
  authorization?: string;
  body: { model: string; messages: Array<{ role: string; content: string }>; max_tokens: number };
}

/** A tiny server speaking the OpenAI chat-completions wire format; `failing` makes it answer 500. */
class FakeLlmServer {
  readonly seen: SeenRequest[] = [];
  failing = false;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer(
      (req, res) =>
        void this.handle(req).then(([status, body]) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        ),
    );
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text) as SeenRequest['body'];
    this.seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
    if (this.failing) return [500, { error: { message: 'model crashed' } }];
    const system = body.messages[0]?.content ?? '';
    // The answer depends on the facts it was sent, so a test can tell it came from here and from them.
    return [
      200,
      {
        model: 'fake-gpt-1',
        choices: [
          { message: { role: 'assistant', content: `FAKE-LLM: honeypot fact ${/"honeypot":true/.test(system)}` } },
        ],
      },
    ];
  }
}

describe('AI endpoints (research, x-analysis, chat) on the devnet', () => {
  describe('with the built-in analyst (no LLM configured)', () => {
    let t: TestApp;
    let key: string;
    beforeAll(async () => {
      t = await bootTestApp();
      key = await keyOfPlan(t, 'team');
    });
    afterAll(() => t.close());

    const post = (path: string, body: Record<string, unknown>, apiKey = key) =>
      t.http.post(`/api/v1/token/${path}`).set('X-Service-API-Key', apiKey).send(body);

    it('research on the honeypot says it cannot be sold, with the simulated revert as evidence', async () => {
      const res = await post('research', { contract_address: HONEYPOT }).expect(200);
      const d = res.body.data;
      expect(res.body.success).toBe(true);
      expect(d.token_info).toEqual({
        name: 'Honey Pot',
        symbol: 'HONEY',
        contract_address: HONEYPOT,
        chain: 'Local devnet',
        chain_id: 31337,
      });
      expect({ engine: d.engine, model: d.model, fallback: d.fallback_reason }).toEqual({
        engine: 'built-in',
        model: 'built-in-analyst',
        fallback: undefined,
      });
      expect(d.grade).toBe('F');
      const honeypot = d.research.risk_assessment.risks[0];
      expect(honeypot).toMatchObject({ id: 'honeypot', severity: 'CRITICAL', finding: 'Honeypot: it cannot be sold' });
      expect(honeypot.evidence).toMatch(/^it cannot be sold: a simulated sell reverted \(.+\)$/);
      expect(d.report).toContain(honeypot.evidence);
      expect(Object.keys(d.research)).toEqual([
        'overview',
        'recent_activity',
        'sentiment',
        'technical_analysis',
        'risk_assessment',
      ]);
      expect(d.research.recent_activity.new_holders_24h).toEqual(expect.any(Number));
      // The devnet's posts about the honeypot turn angry once people find they cannot sell.
      expect(d.research.sentiment).toMatchObject({ available: true, label: 'NEGATIVE', score: expect.any(Number) });
    });

    it('research refuses a malformed address with 400 naming the field', async () => {
      const res = await post('research', { contract_address: '0x123', chain: 'eth' }).expect(400);
      expect(res.body).toEqual({
        success: false,
        error: {
          code: 400,
          type: 'validation_error',
          message: 'Invalid contract address format',
          details: { field: 'contract_address', value: '0x123' },
        },
      });
      await t.http.post('/api/v1/token/research').send({ contract_address: HONEYPOT }).expect(401);
    });

    it('x-analysis reads the social data: trends, sentiment, influencers, engagement', async () => {
      const res = await post('x-analysis', { contract_address: HONEYPOT, chain: 'eth' }).expect(200);
      expect(res.body.data).toMatchObject({
        token_info: {
          name: 'Honey Pot',
          symbol: 'HONEY',
          contract_address: HONEYPOT,
          chain: 'Local devnet',
          chain_id: 31337,
        },
        available: true,
        source: 'devnet',
        sentiment: expect.objectContaining({ label: 'NEGATIVE' }),
        social_score: expect.any(Number),
      });
    });

    it('x-analysis without social data says so and gives no numbers', async () => {
      const res = await post('x-analysis', { contract_address: UNVERIFIED, chain: 'eth' }).expect(200);
      expect(res.body.data).toMatchObject({
        available: false,
        reason: expect.any(String),
        sentiment: null,
        trends: null,
        influencer_activity: null,
        engagement_volume: null,
        social_score: null,
        top_posts: [],
      });
    });

    it('chat answers "is it safe?" from the current report and keeps the token for a follow-up about taxes', async () => {
      const first = await post('chat', { message: `is ${HONEYPOT} safe?` }).expect(200);
      const a = first.body.data;
      expect(a).toMatchObject({ intent: 'safety', engine: 'built-in', message_count: 2 });
      expect(a.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.answer).toContain('is a honeypot: it cannot be sold: a simulated sell reverted');
      expect(a.tokens).toEqual([
        {
          contract_address: HONEYPOT,
          chain: 'eth',
          chain_id: 31337,
          name: 'Honey Pot',
          symbol: 'HONEY',
          service_score: expect.any(Number),
          grade: 'F',
          honeypot: true,
        },
      ]);

      const follow = await post('chat', {
        message: 'what about its taxes?',
        conversation_id: a.conversation_id,
      }).expect(200);
      const b = follow.body.data;
      expect(b).toMatchObject({ conversation_id: a.conversation_id, intent: 'taxes', message_count: 4 });
      expect(b.tokens.map((x: { contract_address: string }) => x.contract_address)).toEqual([HONEYPOT]);
      expect(b.answer).toContain('Honey Pot (HONEY) taxes, measured by a simulated buy, transfer and sell');
      expect(b.answer).toContain('Selling does not work at all');

      const rows = await sql<{ role: string; intent: string | null; content: string }>(
        t,
        'SELECT role, intent, content FROM conversation_messages WHERE conversation_id = $1 ORDER BY id',
        [a.conversation_id],
      );
      expect(rows.map((r) => [r.role, r.intent])).toEqual([
        ['user', null],
        ['assistant', 'safety'],
        ['user', null],
        ['assistant', 'taxes'],
      ]);
      expect(rows[2].content).toBe('what about its taxes?');
    });

    it('chat compares two tokens and lists what it can answer for anything else', async () => {
      const compare = await post('chat', { message: `compare ${HONEYPOT} with ${TAXED}` }).expect(200);
      expect(compare.body.data.intent).toBe('compare');
      expect(compare.body.data.tokens.map((x: { symbol: string }) => x.symbol)).toEqual(['HONEY', 'TAXED']);
      expect(compare.body.data.answer).toContain('TAXED scores higher');

      const help = await post('chat', { message: 'hello, what can you do?' }).expect(200);
      expect(help.body.data).toMatchObject({ intent: 'unknown', tokens: [], engine: 'built-in' });
      expect(help.body.data.answer).toContain('what are the taxes / fees?');
    });

    it('chat: an unknown conversation, or one of another key, is 404; bad bodies are 400', async () => {
      const missing = await post('chat', {
        message: 'taxes?',
        conversation_id: '5b0e8a4e-6d7c-4a43-9d3b-7c1f1f3f2a10',
      }).expect(404);
      expect(missing.body.error).toMatchObject({
        code: 404,
        type: 'not_found_error',
        message: 'Conversation not found',
      });

      const mine = await post('chat', { message: `price of ${TAXED}?` }).expect(200);
      const other = await keyOfPlan(t, 'team');
      await post('chat', { message: 'and its taxes?', conversation_id: mine.body.data.conversation_id }, other).expect(
        404,
      );

      const long = await post('chat', { message: 'x'.repeat(2001) }).expect(400);
      expect(long.body.error.details.field).toBe('message');
      const badId = await post('chat', { message: 'hi', conversation_id: 'nope' }).expect(400);
      expect(badId.body.error.details.field).toBe('conversation_id');
      const badAddress = await post('chat', { message: 'hi', contract_address: '0xzz' }).expect(400);
      expect(badAddress.body.error).toMatchObject({
        message: 'Invalid contract address format',
        details: { field: 'contract_address' },
      });
    });
  });

  describe('with an OpenAI-compatible LLM endpoint', () => {
    const llm = new FakeLlmServer();
    let t: TestApp;
    let key: string;
    beforeAll(async () => {
      const baseUrl = await llm.start();
      t = await bootTestApp({
        extraModules: [llmOptionsModule({ baseUrl, apiKey: LLM_KEY, model: 'fake-gpt', timeoutMs: 5_000 })],
      });
      key = await keyOfPlan(t, 'team');
    });
    afterAll(async () => {
      await t.close();
      await llm.stop();
    });

    const post = (path: string, body: Record<string, unknown>) =>
      t.http.post(`/api/v1/token/${path}`).set('X-Service-API-Key', key).send(body);

    it('chat: the answer comes from the model, prompted with the report facts', async () => {
      llm.failing = false;
      const res = await post('chat', { message: `is ${HONEYPOT} safe?` }).expect(200);
      expect(res.body.data).toMatchObject({
        intent: 'safety',
        engine: 'llm',
        model: 'fake-gpt-1',
        answer: 'FAKE-LLM: honeypot fact true',
      });
      expect(res.body.data.fallback_reason).toBeUndefined();

      const sent = llm.seen[llm.seen.length - 1];
      expect(sent.url).toBe('/v1/chat/completions');
      expect(sent.authorization).toBe(`Bearer ${LLM_KEY}`);
      expect(sent.body.model).toBe('fake-gpt');
      expect(sent.body.messages[0].role).toBe('system');
      expect(sent.body.messages[0].content).toContain(HONEYPOT);
      expect(sent.body.messages[0].content).toContain('it cannot be sold: a simulated sell reverted');
      expect(sent.body.messages[sent.body.messages.length - 1]).toEqual({
        role: 'user',
        content: `is ${HONEYPOT} safe?`,
      });

      // The follow-up carries the conversation so far.
      await post('chat', { message: 'what about its taxes?', conversation_id: res.body.data.conversation_id }).expect(
        200,
      );
      const followUp = llm.seen[llm.seen.length - 1].body.messages.map((m) => m.role);
      expect(followUp).toEqual(['system', 'user', 'assistant', 'user']);
    });

    it('research: the written report comes from the model; the sections stay the facts', async () => {
      llm.failing = false;
      const res = await post('research', { contract_address: HONEYPOT }).expect(200);
      expect(res.body.data).toMatchObject({
        engine: 'llm',
        model: 'fake-gpt-1',
        report: 'FAKE-LLM: honeypot fact true',
      });
      expect(res.body.data.research.risk_assessment.risks[0].id).toBe('honeypot');
    });

    it('when the model fails (500), the built-in analyst answers and the response says so', async () => {
      llm.failing = true;
      const chat = await post('chat', { message: `is ${HONEYPOT} safe?` }).expect(200);
      expect(chat.body.data).toMatchObject({
        engine: 'built-in',
        model: 'built-in-analyst',
        fallback_reason: 'llm is unavailable: it answered HTTP 500',
      });
      expect(chat.body.data.answer).toContain('is a honeypot');
      expect(JSON.stringify(chat.body)).not.toContain(LLM_KEY);

      const research = await post('research', { contract_address: HONEYPOT }).expect(200);
      expect(research.body.data).toMatchObject({
        engine: 'built-in',
        fallback_reason: 'llm is unavailable: it answered HTTP 500',
      });
      expect(research.body.data.report).toContain('it cannot be sold');
    });
  });
});
