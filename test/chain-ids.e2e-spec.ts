import { readManifest } from '../devnet';
import { keyOfPlan } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

const clean = readManifest().tokens.clean.address;

/** Chains by id or by key, wherever a chain is asked for; the answer names both. */
describe('Chains by id or name', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await bootTestApp();
    key = await keyOfPlan(t, 'team');
  });
  afterAll(() => t.close());

  it.each([1, '1', 'eth'])('surface A takes chain %p as eth and names both', async (chain) => {
    const res = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: clean, chain, features: ['security'] })
      .expect(200);
    expect(res.body.data.token_info).toMatchObject({ chain: 'Ethereum', chain_id: 1 });
  });

  it('surface B takes the devnet by its id 31337', async () => {
    const res = await t.http
      .post('/scanner/api/v1/features/security')
      .set('Authorization', `Bearer ${key}`)
      .send({ contract_address: clean, chain: 31337 })
      .expect(200);
    expect(res.body.token).toMatchObject({ chain: 'devnet', chain_id: 31337 });
  });

  it('surface C takes ?chain=1 in a query', async () => {
    const res = await t.http
      .get(`/v1/analyze/contract/${clean}?chain=1`)
      .set('Authorization', `Bearer ${key}`)
      .expect(200);
    expect(res.body).toMatchObject({ chain: 'eth', chain_id: 1 });
  });

  it('batch items take ids too', async () => {
    const res = await t.http
      .post('/api/v1/token/scan/batch')
      .set('X-Service-API-Key', key)
      .send({ tokens: [{ contract_address: clean, chain: 1 }], features: ['security'] })
      .expect(200);
    expect(res.body.data.results[0]).toMatchObject({
      success: true,
      chain: 'eth',
      data: { token_info: { chain_id: 1 } },
    });
  });

  it.each([
    ['an unknown id', 999],
    ['a chain the surface does not serve', 8453],
    ['a negative id', -1],
  ])('refuses %s with 400 naming the field', async (_what, chain) => {
    const res = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: clean, chain })
      .expect(400);
    expect(res.body.error).toMatchObject({ type: 'validation_error', details: { field: 'chain' } });
    expect(res.body.error.message).toMatch(
      /chain must be one of eth, bsc, polygon, arbitrum, optimism, devnet \(or its chain id\)/,
    );
  });
});
