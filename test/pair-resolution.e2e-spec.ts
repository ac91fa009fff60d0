/**
 * A pasted DEX pair (LP token) address is analysed as its token, on every surface that scans one,
 * with a note saying so; an address that is neither a token nor a pair is 404 in each envelope.
 */
import { getAddress } from 'viem';
import { readManifest } from '../devnet';
import { isNotFoundEnvelope } from './support/envelopes';
import { sha256, sql } from './support/keys';
import { bootScanningApp } from './support/scanning-app';
import type { TestApp } from './support/test-app';

const manifest = readManifest();
const clean = manifest.tokens.clean;
const WETH = getAddress(manifest.contracts.WETH);
const USDC = getAddress(manifest.contracts.USDC);
const [token0, token1] = [clean.address, WETH].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));

const cleanPair = {
  address: clean.pair,
  kind: 'v2_pair',
  dex: 'Uniswap V2',
  side: token0 === clean.address ? 'token0' : 'token1',
  paired_with: WETH,
  rule: 'non_quote_side',
  note: `${clean.pair} is the Uniswap V2 pair of ${token0} and ${token1}; this report is for ${clean.address}, the side that is not the quote token (WETH).`,
};

describe('Pasted pair addresses (A, B and C) on the devnet', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => ({ t, key } = await bootScanningApp()));
  afterAll(() => t.close());

  const scanA = (body: Record<string, unknown>) =>
    t.http.post('/api/v1/token/scan').set('X-Service-API-Key', key).send(body);
  const postB = (path: string, body: Record<string, unknown>) =>
    t.http.post(`/scanner/api/v1/${path}`).set('Authorization', `Bearer ${key}`).send(body);
  const getC = (path: string) => t.http.get(path).set('Authorization', `Bearer ${key}`);
  const quota = async () =>
    (
      await sql<{ quota_remaining: number }>(t, 'SELECT quota_remaining FROM api_keys WHERE key_hash = $1', [
        sha256(key),
      ])
    )[0].quota_remaining;

  it('A: the pair answers for its token, with data.resolved_from, from the same cached analysis', async () => {
    const token = await scanA({ contract_address: clean.address, include_metadata: true, cache_ttl: 300 }).expect(200);
    expect(token.body.data.resolved_from).toBeUndefined();
    const before = await quota();
    const pair = await scanA({ contract_address: clean.pair, include_metadata: true, cache_ttl: 300 }).expect(200);
    expect(await quota()).toBe(before - 1);
    expect(pair.body.data.token_info).toEqual(token.body.data.token_info);
    expect(pair.body.data.token_info.contract_address).toBe(clean.address);
    expect(pair.body.data.resolved_from).toEqual(cleanPair);
    expect(pair.body.data.metadata).toMatchObject({
      cache_status: 'CACHED',
      analyzed_at: token.body.data.metadata.analyzed_at,
    });
    expect(pair.body.data.service_score).toBe(token.body.data.service_score);
  });

  it('A: a pair of two quote tokens answers for token0, and says why', async () => {
    const res = await scanA({ contract_address: manifest.pools.WETH_USDC.address, features: ['security'] }).expect(200);
    const first = [WETH, USDC].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))[0];
    expect(res.body.data.token_info.contract_address).toBe(first);
    expect(res.body.data.resolved_from).toMatchObject({
      address: manifest.pools.WETH_USDC.address,
      side: 'token0',
      rule: 'both_quote_token0',
    });
    expect(res.body.data.resolved_from.note).toContain('token0, since both sides are quote tokens');
  });

  it.each([
    ['a V3 pool', 'v3_only', 0, 'v3_pool', 'Uniswap V3', 'pool (fee 0.3%)'],
    ['a Solidly pool', 'solidly_only', 0, 'solidly_pool', 'Aerodrome', 'volatile pool'],
  ] as const)('A and C: %s answers for its token, named as such', async (_what, label, index, kind, dex, what) => {
    const token = manifest.venues.tokens[label];
    const pool = token.pools[index].address;
    const [t0, t1] = [token.address, WETH].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    const a = await scanA({ contract_address: pool, features: ['security'] }).expect(200);
    expect(a.body.data.token_info.contract_address).toBe(getAddress(token.address));
    expect(a.body.data.resolved_from).toEqual({
      address: pool,
      kind,
      dex,
      side: t0 === token.address ? 'token0' : 'token1',
      paired_with: WETH,
      rule: 'non_quote_side',
      note: `${pool} is the ${dex} ${what} of ${t0} and ${t1}; this report is for ${token.address}, the side that is not the quote token (WETH).`,
    });
    const c = await getC(`/v1/analyze/contract/${pool}`).expect(200);
    expect(c.body.resolved_pair).toMatchObject({ address: pool, kind });
  });

  it('B: /token/analyze and /features/* answer for the token, with resolved_from beside it', async () => {
    const before = await quota();
    const analyze = await postB('token/analyze', { contract_address: clean.pair }).expect(200);
    expect(await quota()).toBe(before - 1);
    expect(analyze.body.resolved_from).toEqual(cleanPair);
    expect(analyze.body.analysis_details.token_data).toMatchObject({ name: clean.name, symbol: clean.symbol });
    const security = await postB('features/security', { contract_address: clean.pair }).expect(200);
    expect(security.body.token).toMatchObject({ address: clean.address, symbol: clean.symbol });
    expect(security.body.resolved_from).toEqual(cleanPair);
    const byToken = await postB('features/security', { contract_address: clean.address }).expect(200);
    expect(byToken.body.resolved_from).toBeUndefined();
  });

  it('C: /v1/analyze/token and /v1/analyze/contract answer for the token, with resolved_pair', async () => {
    // C charges as it does for the token itself: the same quota and daily count per call.
    const charged = async (path: string) => {
      const [quotaBefore, dailyBefore] = [await quota(), (await getC('/v1/account').expect(200)).body.daily.used];
      const res = await getC(path).expect(200);
      const [quotaAfter, dailyAfter] = [await quota(), (await getC('/v1/account').expect(200)).body.daily.used];
      return { res, charge: { quota: quotaBefore - quotaAfter, daily: dailyAfter - dailyBefore } };
    };
    const byAddress = await charged(`/v1/analyze/token/${clean.address}`);
    const { res: token, charge } = await charged(`/v1/analyze/token/${clean.pair}`);
    expect(charge).toEqual(byAddress.charge);
    expect(charge.quota + charge.daily).toBeGreaterThan(0);
    expect(token.body).toMatchObject({
      address: clean.address,
      symbol: clean.symbol,
      resolved_from: null,
      resolved_pair: cleanPair,
    });
    const contract = await getC(`/v1/analyze/contract/${clean.pair}`).expect(200);
    expect(contract.body).toMatchObject({ address: clean.address, symbol: clean.symbol, resolved_pair: cleanPair });
    const byToken = await getC(`/v1/analyze/contract/${clean.address}`).expect(200);
    expect(byToken.body.resolved_pair).toBeUndefined();
  });

  it('batches (A and B) answer the item of a pair for its token, with resolved_from, and charge the pair and its token once', async () => {
    const tokens = [{ contract_address: clean.pair }, { contract_address: clean.address }];
    const before = await quota();
    const a = await t.http
      .post('/api/v1/token/scan/batch')
      .set('X-Service-API-Key', key)
      .send({ tokens, features: ['security'] })
      .expect(200);
    expect(a.body.data.summary).toMatchObject({ requested: 2, succeeded: 2, quota_charged: 1 });
    expect(await quota()).toBe(before - 1);
    const items = a.body.data.results;
    expect(
      items.map((r: { data: { token_info: { contract_address: string } } }) => r.data.token_info.contract_address),
    ).toEqual([clean.address, clean.address]);
    expect(items[0].data.resolved_from).toEqual(cleanPair);
    expect(items[1].data.resolved_from).toBeUndefined();
    const b = await postB('token/analyze/batch', { tokens: [{ contract_address: clean.pair }] }).expect(200);
    expect(b.body.results[0].data.resolved_from).toEqual(cleanPair);
  });

  it.each([
    ['an EOA', manifest.wallets[0].address],
    ['an address nobody uses', '0x00000000000000000000000000000000DeaDBeef'],
  ])('%s is 404 in every envelope', async (_label, address) => {
    const a = await scanA({ contract_address: address }).expect(404);
    expect(isNotFoundEnvelope('A', a.body)).toBe(true);
    const b = await postB('token/analyze', { contract_address: address }).expect(404);
    expect(isNotFoundEnvelope('B', b.body)).toBe(true);
    const c = await getC(`/v1/analyze/token/${address}`).expect(404);
    expect(isNotFoundEnvelope('C', c.body)).toBe(true);
    const contract = await getC(`/v1/analyze/contract/${address}`).expect(404);
    expect(isNotFoundEnvelope('C', contract.body)).toBe(true);
  });
});
