import { metricsRefusal } from './metrics-access';

const TOKEN = 'scrape-token-0123456789abcdef';

describe('metricsRefusal', () => {
  describe('with a token', () => {
    const policy = { token: TOKEN, loopbackOnly: false };

    it('admits exactly "Bearer <token>" (any case of the scheme, trailing space allowed), from anywhere', () => {
      expect(metricsRefusal(policy, { authorization: `Bearer ${TOKEN}`, clientIp: '203.0.113.9' })).toBeNull();
      expect(metricsRefusal(policy, { authorization: `bearer ${TOKEN} `, clientIp: '203.0.113.9' })).toBeNull();
    });

    it.each([
      ['no header', undefined],
      ['the bare token', TOKEN],
      ['a longer token', `Bearer ${TOKEN}x`],
      ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
      ['another scheme', `Basic ${TOKEN}`],
      ['two tokens', `Bearer ${TOKEN} ${TOKEN}`],
    ])('refuses %s with 401 and a Bearer challenge, even from loopback', (_why, authorization) => {
      expect(metricsRefusal(policy, { authorization, clientIp: '127.0.0.1' })).toMatchObject({
        kind: 'unauthenticated',
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    });
  });

  describe('without a token, loopback only', () => {
    const policy = { loopbackOnly: true };

    it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('admits %s', (clientIp) => {
      expect(metricsRefusal(policy, { clientIp })).toBeNull();
    });

    it.each(['203.0.113.9', '10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', undefined])(
      'refuses %s with 403 saying what to set',
      (clientIp) => {
        expect(metricsRefusal(policy, { clientIp })).toMatchObject({
          kind: 'forbidden',
          status: 403,
          message: expect.stringContaining('METRICS_TOKEN'),
        });
      },
    );
  });

  it('admits anyone on a separate port without a token', () => {
    expect(metricsRefusal({ loopbackOnly: false }, { clientIp: '203.0.113.9' })).toBeNull();
  });
});
