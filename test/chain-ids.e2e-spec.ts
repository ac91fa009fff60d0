import { readManifest } from '../devnet';
import { JOB_ID } from './support/jobs';
import { keyOfPlan } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

const manifest = readManifest();
const clean = manifest.tokens.clean.address;
const wallet = manifest.wallets[0].address;
/** What the embedded devnet is, under either key it serves: never Ethereum, chain 1. */
const DEVNET = { id: 31337, name: 'Local devnet' };

/** Chains by id or by key, wherever a chain is asked for; the answer names the key and the id of the chain that serves it. */
describe('Chains by id or name', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await bootTestApp();
    key = await keyOfPlan(t, 'team');
  });
  afterAll(() => t.close());

  it.each([1, '1', 'eth'])(
    'surface A takes chain %p as eth and names the chain that serves it, the devnet',
    async (chain) => {
      const res = await t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .send({ contract_address: clean, chain, features: ['security'] })
        .expect(200);
      expect(res.body.data.token_info).toMatchObject({ chain: DEVNET.name, chain_id: DEVNET.id });
    },
  );

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
    expect(res.body).toMatchObject({ chain: 'eth', chain_id: DEVNET.id });
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
      data: { token_info: { chain: DEVNET.name, chain_id: DEVNET.id } },
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

  describe('one identity per chain: eth, the default chain, served by the devnet', () => {
    it('surface A names it Local devnet, 31337, asked with eth or with no chain', async () => {
      for (const body of [{ chain: 'eth' }, {}]) {
        const res = await t.http
          .post('/api/v1/token/scan')
          .set('X-Service-API-Key', key)
          .send({ contract_address: clean, features: ['security'], include_metadata: true, ...body })
          .expect(200);
        expect(res.body.data.token_info).toMatchObject({ chain: DEVNET.name, chain_id: DEVNET.id });
        expect(res.body.data.metadata).toMatchObject({ network: 'local devnet' });
      }
    });

    it('surface B keeps the key eth beside the id 31337', async () => {
      const res = await t.http
        .post('/scanner/api/v1/features/security')
        .set('Authorization', `Bearer ${key}`)
        .send({ contract_address: clean, chain: 'eth' })
        .expect(200);
      expect(res.body.token).toMatchObject({ chain: 'eth', chain_id: DEVNET.id });
    });

    it('surface C keeps the key eth beside the id 31337', async () => {
      const res = await t.http
        .get(`/v1/analyze/contract/${clean}?chain=eth`)
        .set('Authorization', `Bearer ${key}`)
        .expect(200);
      expect(res.body).toMatchObject({ chain: 'eth', chain_id: DEVNET.id });
    });

    it('a scan job on eth names 31337, when accepted and when read', async () => {
      const accepted = await t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .set('Prefer', 'respond-async')
        .send({ contract_address: clean, chain: 'eth', features: ['security'] })
        .expect(202);
      expect(accepted.body.data).toMatchObject({
        job_id: expect.stringMatching(JOB_ID),
        chain: 'eth',
        chain_id: DEVNET.id,
      });
      const read = await t.http
        .get(`/api/v1/jobs/${accepted.body.data.job_id}`)
        .set('X-Service-API-Key', key)
        .expect(200);
      expect(read.body.data).toMatchObject({ chain: 'eth', chain_id: DEVNET.id });
    });

    it('the plans and the wallet proof name the same chain: pay on eth at 31337, sign for 31337', async () => {
      const plans = await t.http.get('/scanner/api/v1/plans').expect(200);
      expect(plans.body.payment.find((p: { chain: string }) => p.chain === 'eth')).toMatchObject({
        chain_id: DEVNET.id,
      });
      for (const path of ['/scanner/api/v1/auth/nonce', '/v1/auth/nonce']) {
        const nonce = await t.http.get(`${path}?wallet=${wallet}`).expect(200);
        expect(nonce.body.chain_id).toBe(DEVNET.id);
        expect(nonce.body.message).toContain(`\nChain ID: ${DEVNET.id}\n`);
      }
    });
  });
});
