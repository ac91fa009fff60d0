import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';
import { RequestValidationError } from '../common/errors/app-error';

/** Why a callback URL is refused, for the 400 the caller gets. */
export class CallbackUrlError extends Error {}

const MAX_LENGTH = 2048;

/** A public unicast address: not loopback, private, link-local, multicast, reserved, or mapped to one of those. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * Checks a callback URL as given: http(s), no credentials, at most 2,048 characters, and (unless
 * `allowPrivate`) a host whose every address is public. Delivery checks the address again as it
 * connects (`guardedLookup`), so a name that later resolves elsewhere is refused then too.
 */
export async function checkCallbackUrl(raw: string, allowPrivate: boolean, resolve = resolveAll): Promise<URL> {
  if (raw.length > MAX_LENGTH) throw new CallbackUrlError(`callback_url must be at most ${MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CallbackUrlError('callback_url must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CallbackUrlError('callback_url must be an http or https URL');
  if (url.username || url.password) throw new CallbackUrlError('callback_url must not carry credentials');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  } catch {
    throw new CallbackUrlError(`callback_url's host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new CallbackUrlError(`callback_url's host ${host} does not resolve`);
  const refused = addresses.find((a) => !isPublicAddress(a));
  if (refused)
    throw new CallbackUrlError(`callback_url's host resolves to ${refused}, a private, loopback or reserved address`);
  return url;
}

async function resolveAll(host: string): Promise<string[]> {
  const found = (await promisify(dnsLookup)(host, { all: true })) as unknown as LookupAddress[];
  return found.map((a) => a.address);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses non-public addresses at connect time (unless allowed). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, options, (err, address: string | LookupAddress[], family?: number) => {
      if (err) return callback(err, address, family);
      const list = Array.isArray(address) ? address.map((a) => a.address) : [address];
      const refused = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a));
      if (refused)
        return callback(
          Object.assign(new Error(`refused: ${hostname} resolves to ${refused}, not a public address`), {
            code: 'EREFUSED_PRIVATE',
          }),
          address,
          family,
        );
      callback(null, address, family);
    });
  };
}

/** checkCallbackUrl for a request's `callback_url` field: a refused URL is the 400 naming the field. */
export async function requestCallbackUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  try {
    return await checkCallbackUrl(raw, allowPrivate);
  } catch (err) {
    if (err instanceof CallbackUrlError) throw new RequestValidationError('callback_url', raw, err.message);
    throw err;
  }
}
