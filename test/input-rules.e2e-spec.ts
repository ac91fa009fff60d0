import type { Server } from 'node:http';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readManifest } from '../devnet';
import { surfaceOf } from '../src/http/shared/surface';
import { isValidationEnvelope, messageOf } from './support/envelopes';
import { keyOfPlan, nextIp } from './support/keys';
import { concreteRoutes, listening, raw, ROUTE_ADDRESS } from './support/routes';
import { bootTestApp, TestApp } from './support/test-app';
import { walletProof } from './support/wallet-proof';

/** 1,000,000 service tokens staked on the devnet: the Silver tier C's transaction and AI routes need. */
const staker = privateKeyToAccount(readManifest().wallets.find((w) => w.name === 'staker1')!.privateKey as Hex);
/** Routes whose guards need a signed wallet proof per request; it is checked before the body is read. */
const WALLET_PROOF_ROUTES = new Set(['/scanner/api/v1/purchase-plan', '/scanner/api/v1/user/create-key']);
/** Reads no body at all (the key in the header is what it validates). */
const NO_BODY_ROUTES = new Set(['/api/v1/auth/validate']);

const UPPER_X = `0X${ROUTE_ADDRESS.slice(2)}`;

describe('Input rules applied by the validation layer, on every route', () => {
  let t: TestApp;
  let server: Server;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp();
    server = await listening(t);
    const key = await keyOfPlan(t, 'team');
    headers = { 'x-service-api-key': key, authorization: `Bearer ${key}` };
    const proof = await walletProof(t, staker, {}, staker, '/v1/auth/nonce');
    const signup = await t.http
      .post('/v1/auth/signup')
      .set('X-Forwarded-For', nextIp())
      .set(proof)
      .send({ email: 'null@example.com', wallet: staker.address })
      .expect(201);
    silverHeaders = { authorization: `Bearer ${signup.body.api_key}` };
  });
  let silverHeaders: Record<string, string>;

  async function headersFor(path: string): Promise<Record<string, string>> {
    if (WALLET_PROOF_ROUTES.has(path)) return { ...headers, ...(await walletProof(t, staker)) };
    if (path.startsWith('/v1/')) return silverHeaders;
    return headers;
  }
  afterAll(() => t.close());

  it('refuses null for any field of any body with 400 naming the field, in the surface envelope', async () => {
    const posts = concreteRoutes(t).filter((r) => r.method === 'POST' && !NO_BODY_ROUTES.has(r.path));
    expect(posts.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of posts) {
      const res = await raw(server, {
        method: 'POST',
        path: route.path,
        headers: await headersFor(route.path),
        body: JSON.stringify({ contract_address: ROUTE_ADDRESS, chain: null }),
      });
      const surface = surfaceOf(route.path, t.config.scannerBasePath);
      if (
        res.status !== 400 ||
        !isValidationEnvelope(surface, res.body) ||
        !/chain must not be null/.test(messageOf(res.body))
      ) {
        wrong.push(`POST ${route.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a field nested 5,000 deep with 400 naming the field on every POST route (it overflowed the validator's stack: 500)", async () => {
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const wrong: string[] = [];
    for (const route of concreteRoutes(t).filter((r) => r.method === 'POST' && !NO_BODY_ROUTES.has(r.path))) {
      const res = await raw(server, {
        method: 'POST',
        path: route.path,
        headers: await headersFor(route.path),
        body: `{"contract_address":"${ROUTE_ADDRESS}","chain":${deep}}`,
      });
      const surface = surfaceOf(route.path, t.config.scannerBasePath);
      if (
        res.status !== 400 ||
        !isValidationEnvelope(surface, res.body) ||
        messageOf(res.body) !== 'chain nests deeper than 32 levels'
      ) {
        wrong.push(`POST ${route.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    const array = await raw(server, {
      method: 'POST',
      path: '/api/v1/token/scan',
      headers,
      body: `${'['.repeat(40_000)}${']'.repeat(40_000)}`,
    });
    expect(array.status).toBe(400);
    expect(messageOf(array.body)).toBe('body nests deeper than 32 levels');
  });

  it('refuses a lone surrogate in a string with 400 naming the field (IsEmail threw URIError on one: 500)', async () => {
    const cases = [
      { path: '/v1/auth/signup', body: '{"email":"\\ud800"}', field: 'email' },
      {
        path: '/api/v1/auth/request-key',
        body: '{"client_name":"c","email":"a\\udfff@b.co","intended_usage":"u"}',
        field: 'email',
      },
      {
        path: '/scanner/api/v1/token/analyze',
        body: `{"contract_address":"${ROUTE_ADDRESS}","chain":"eth\\ud83d"}`,
        field: 'chain',
      },
    ];
    for (const c of cases) {
      const res = await raw(server, {
        method: 'POST',
        path: c.path,
        headers: { ...headers, 'x-forwarded-for': nextIp() },
        body: c.body,
      });
      expect({ path: c.path, status: res.status, message: messageOf(res.body) }).toEqual({
        path: c.path,
        status: 400,
        message: `${c.field} must be well-formed Unicode text (it holds a lone surrogate)`,
      });
    }
    const paired = await raw(server, {
      method: 'POST',
      path: '/api/v1/auth/request-key',
      headers: { 'x-forwarded-for': nextIp() },
      body: '{"client_name":"\\ud83d\\ude80 bot","email":"a@b.co","intended_usage":"u"}',
    });
    expect(paired.status).toBe(201);
  });

  it('finds a null nested in arrays and objects', async () => {
    const res = await raw(server, {
      method: 'POST',
      path: '/v1/transaction/simulate',
      headers: silverHeaders,
      body: JSON.stringify({ chain: 'eth', transaction: { from: ROUTE_ADDRESS, data: [1, null] } }),
    });
    expect(res.status).toBe(400);
    expect(messageOf(res.body)).toBe('transaction.data[1] must not be null (leave an optional field out instead)');
  });

  it('refuses an upper-case 0X prefix on every route that takes an address, with 400', async () => {
    const wrong: string[] = [];
    for (const route of concreteRoutes(t)) {
      const withAddress = route.method === 'GET' ? route.path.includes(ROUTE_ADDRESS) : true;
      if (!withAddress) continue;
      const res =
        route.method === 'GET'
          ? await raw(server, { method: 'GET', path: route.path.replace(ROUTE_ADDRESS, UPPER_X), headers })
          : await raw(server, {
              method: 'POST',
              path: route.path,
              headers,
              body: JSON.stringify({ contract_address: UPPER_X, wallet_address: UPPER_X }),
            });
      if (res.status >= 500)
        wrong.push(`${route.method} ${route.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    for (const path of ['/api/v1/token/scan', '/scanner/api/v1/token/analyze']) {
      const res = await raw(server, {
        method: 'POST',
        path,
        headers,
        body: JSON.stringify({ contract_address: UPPER_X }),
      });
      expect(res.status).toBe(400);
      expect(messageOf(res.body)).toBe('Invalid contract address format');
    }
    const c = await raw(server, { method: 'GET', path: `/v1/analyze/contract/${UPPER_X}`, headers });
    expect(c.status).toBe(400);
  });
});
