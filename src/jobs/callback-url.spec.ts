import { CallbackUrlError, checkCallbackUrl, guardedLookup, isPublicAddress } from './callback-url';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe('callback URLs', () => {
  it('tells public unicast addresses from loopback, private, link-local, reserved and mapped ones', () => {
    expect(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'].map(isPublicAddress)).toEqual([true, true, true]);
    const refused = [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.2.3',
      '224.0.0.1',
      'not-an-ip',
    ];
    expect(refused.filter(isPublicAddress)).toEqual([]);
  });

  it('accepts an http(s) URL whose host resolves only to public addresses', async () => {
    await expect(
      checkCallbackUrl('https://hooks.example.com/scan?x=1', false, resolvesTo('93.184.216.34')),
    ).resolves.toEqual(new URL('https://hooks.example.com/scan?x=1'));
    await expect(checkCallbackUrl('http://8.8.8.8:8080/hook', false, resolvesTo())).resolves.toBeInstanceOf(URL);
  });

  it.each([
    ['another scheme', 'ftp://example.com/x', /http or https/],
    ['text that is no URL', 'not a url', /absolute http\(s\) URL/],
    ['credentials in the URL', 'http://user:secret@example.com/', /credentials/],
    ['a URL over 2,048 characters', `https://example.com/${'a'.repeat(2048)}`, /at most 2048/],
  ])('refuses %s', async (_label, url, message) => {
    await expect(checkCallbackUrl(url, true, resolvesTo('93.184.216.34'))).rejects.toThrow(message);
  });

  it('refuses a host with any private or loopback address, or none, unless private addresses are allowed', async () => {
    await expect(checkCallbackUrl('http://127.0.0.1:9000/hook', false)).rejects.toThrow(
      /127\.0\.0\.1, a private, loopback or reserved address/,
    );
    await expect(checkCallbackUrl('http://[::1]/hook', false)).rejects.toThrow(CallbackUrlError);
    await expect(
      checkCallbackUrl('https://mixed.example/hook', false, resolvesTo('93.184.216.34', '10.0.0.7')),
    ).rejects.toThrow(/10\.0\.0\.7/);
    await expect(checkCallbackUrl('https://nowhere.example/hook', false, resolvesTo())).rejects.toThrow(
      /does not resolve/,
    );
    const failing = async () => Promise.reject(new Error('ENOTFOUND'));
    await expect(checkCallbackUrl('https://nowhere.example/hook', false, failing)).rejects.toThrow(/does not resolve/);
    await expect(checkCallbackUrl('http://127.0.0.1:9000/hook', true)).resolves.toBeInstanceOf(URL);
  });

  it('refuses at connect time a name that resolves to a loopback address, unless allowed', async () => {
    const lookup = (allow: boolean) =>
      new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
        guardedLookup(allow)('localhost', { all: false }, (err, address) => resolve({ err, address })),
      );
    expect((await lookup(false)).err?.message).toMatch(/not a public address/);
    expect((await lookup(true)).err).toBeNull();
  });
});
