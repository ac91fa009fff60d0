import fc from 'fast-check';
import { surfaceOf, type Surface } from '../../src/http/shared/surface';

/** One operation of the OpenAPI document, as far as a fuzzer needs it. */
export interface Operation {
  id: string;
  method: string;
  /** Template with `{param}`s. */
  path: string;
  surface: Surface;
  auth: 'ServiceApiKey' | 'BearerAuth' | null;
  walletProof: boolean;
  pathParams: string[];
  query: string[];
  body?: ObjectSchema;
}

interface Schema {
  type?: string;
  enum?: unknown[];
  format?: string;
  example?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
}
type ObjectSchema = Schema & { properties: Record<string, Schema> };

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, unknown>[];
        parameters?: { in: string; name: string }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

export function operationsOf(doc: OpenApiDocument, scannerBasePath: string): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const params = op.parameters ?? [];
      const bodyRef = op.requestBody?.content['application/json']?.schema;
      const body = bodyRef?.$ref ? doc.components.schemas[bodyRef.$ref.split('/').pop()!] : bodyRef;
      return {
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        surface: surfaceOf(path, scannerBasePath),
        auth: (Object.keys(op.security?.[0] ?? {})[0] as Operation['auth']) ?? null,
        walletProof: params.some((p) => p.in === 'header' && p.name === 'X-Wallet-Message'),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: body as ObjectSchema | undefined,
      };
    }),
  );
}

/** What the runner sends; `auth` and `proof` are resolved to real keys and proofs when sent. */
export interface FuzzRequest {
  op: string;
  method: string;
  path: string;
  auth: 'valid' | 'missing' | 'unknown' | 'garbage' | 'other-surface' | 'both-headers' | 'in-query';
  authValue: string;
  proof: 'valid' | 'missing' | 'garbage';
  headers: Record<string, string | undefined>;
  body?: string;
  encoding: 'utf8' | 'latin1' | 'utf16le';
}

export interface World {
  tokens: { address: string; symbol: string }[];
  wallets: string[];
  /** The wallet whose proofs the runner signs (create-key, purchase-plan, keys, wallet-stats). */
  proofWallet: string;
}

const hex = (min: number, max = min) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: min, maxLength: max });
const LATIN1 = Array.from({ length: 0xff - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).filter(
  (c) => c !== '\x7f',
);
/** Header values Node's client will send: tab, printable ASCII and Latin-1. */
const headerValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...LATIN1, '\t'), maxLength: 60 }),
);

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\u202eRTL\u202c',
  'مرحبا',
  'שלום',
  '𝕏🚀',
  '\ufeff',
  '\u200b',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '../../etc/passwd',
  "' OR 1=1 --",
  '${7*7}',
  '<script>',
  '%00',
  '\\',
  '"',
];
/** Strings of every kind: random ASCII and full Unicode (lone surrogates included), and the usual suspects. */
export const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

export function addressShapes(world: World): fc.Arbitrary<string> {
  const some = fc.constantFrom(...world.tokens.map((t) => t.address), ...world.wallets);
  return fc.oneof(
    { weight: 3, arbitrary: some },
    some.map((a) => a.toLowerCase()),
    some.map((a) => `0x${a.slice(2).toUpperCase()}`),
    some.map((a) => `0X${a.slice(2)}`),
    some.map((a) => a.slice(2)),
    some.map((a) => ` ${a} `),
    some.map((a) => `${a}00`),
    some.map((a) => a.slice(0, 41)),
    some.map((a) => `${a.slice(0, 10)}${a.slice(10, 11) === 'a' ? 'b' : 'a'}${a.slice(11)}`),
    hex(40).map((h) => `0x${h}`),
    hex(0, 80).map((h) => `0x${h}`),
    fc.constantFrom(
      '0x0000000000000000000000000000000000000000',
      '0x',
      '0x0',
      'vitalik.eth',
      '０x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xgggggggggggggggggggggggggggggggggggggggg',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\u0000',
    ),
  );
}

export const chainShapes = fc.oneof(
  fc.constantFrom('eth', 'devnet', 'bsc', 'polygon', 'arbitrum', 'optimism', 'base'),
  fc.constantFrom(
    'ETH',
    'Eth',
    ' eth',
    'eth ',
    'eth\u0000',
    'ethereum',
    'mainnet',
    '1',
    '56',
    '0x1',
    '31337',
    '-1',
    'solana',
    '__proto__',
    'constructor',
    'toString',
    '',
  ),
  oddString,
);

/** JSON text of a value that is rarely right: wrong types, extremes, deep nesting, huge strings. */
function wrongValue(world: World): fc.Arbitrary<string> {
  const depth = fc.constantFrom(2, 64, 5_000, 40_000);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'null',
        'true',
        'false',
        '0',
        '-0',
        '-1',
        '1.5',
        '1e999',
        '-1e999',
        '9007199254740993',
        '123456789012345678901234567890',
        '[]',
        '{}',
        '""',
        '[null]',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '{"a":{"b":{"c":null}}}',
      ),
    },
    { weight: 4, arbitrary: oddString.map((s) => JSON.stringify(s)) },
    { weight: 2, arbitrary: addressShapes(world).map((s) => JSON.stringify(s)) },
    { weight: 2, arbitrary: chainShapes.map((s) => JSON.stringify(s)) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)) },
    { weight: 1, arbitrary: fc.array(oddString, { maxLength: 5 }).map((a) => JSON.stringify(a)) },
    { weight: 1, arbitrary: depth.map((d) => '['.repeat(d) + ']'.repeat(d)) },
    { weight: 1, arbitrary: depth.map((d) => '{"a":'.repeat(d) + '1' + '}'.repeat(d)) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 99_000 }).map((n) => JSON.stringify('x'.repeat(n))) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((n) => JSON.stringify('\u00e9\ud83d\ude80'.repeat(n / 4))),
    },
  );
}

/** A value that should pass validation (JS value), from the field's name and schema. */
function validValue(name: string, schema: Schema, world: World, opId: string): fc.Arbitrary<unknown> {
  const token = fc.constantFrom(...world.tokens.map((t) => t.address));
  const wallet = fc.constantFrom(...world.wallets);
  if (name === 'wallet') return opId.includes('/v1/ai/') ? wallet : fc.constant(world.proofWallet);
  if (name === 'from') return wallet;
  if (name === 'to') return opId.includes('simulate') ? token : wallet;
  if (name === 'contract_address' || name === 'token') return token;
  if (name === 'token_in' || name === 'token_out')
    return fc.oneof(fc.constantFrom('native', 'ETH', ...world.tokens.map((t) => t.symbol)), token);
  if (name === 'email') return fc.constantFrom('fuzz@example.com', 'a.b+c@example.org');
  if (name === 'transaction_hash') return hex(64).map((h) => `0x${h}`);
  if (name === 'amount_in') return fc.constantFrom('0.5', '1', '0.000001', '100');
  if (name === 'value') return fc.constantFrom('0', '1', '1000000000000000000');
  if (name === 'gas') return fc.constantFrom('300000', '21000', '1000000');
  if (name === 'data')
    return fc.constantFrom('0x', '0x18160ddd', `0x70a08231${'0'.repeat(24)}${world.wallets[0].slice(2)}`);
  if (name === 'message' || name === 'question')
    return fc.oneof(
      fc.constantFrom(
        'Is CLEAN safe?',
        `Is ${world.tokens[1].address} a honeypot?`,
        'What about $HONEY?',
        'and the holders?',
      ),
      fc.string({ minLength: 1, maxLength: 200 }),
    );
  if (schema.format === 'uuid') return fc.uuid();
  if (name === 'chain' && schema.enum)
    return fc.constantFrom(...(schema.enum.filter((c) => c === 'eth' || c === 'devnet') as string[]));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.type === 'array') return fc.subarray((schema.items?.enum ?? []) as string[]);
  if (schema.type === 'boolean') return fc.boolean();
  if (schema.type === 'number' || schema.type === 'integer')
    return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 });
  return fc.string({
    minLength: Math.max(1, schema.minLength ?? 1),
    maxLength: Math.min(schema.maxLength ?? 100, 100),
  });
}

const UNKNOWN_KEYS = [
  'evil',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '',
  ' ',
  'contract_address ',
  'CHAIN',
  'a.b',
  'x[0]',
  '\u0000',
  '\ud800',
  'api_key',
  'isAdmin',
  'plan',
  'quota',
];

/** JSON text of a body for `op`: valid, or mutated field by field. */
function objectBody(op: Operation, world: World): fc.Arbitrary<string> {
  const schema = op.body!;
  const fields = Object.entries(schema.properties).map(([name, s]) => {
    const required = schema.required?.includes(name) ?? false;
    const valid = validValue(name, s, world, op.id).map((v) => JSON.stringify(v));
    const keep = valid.map((v) => [name, v] as const);
    const wrong = wrongValue(world).map((v) => [name, v] as const);
    const omit = fc.constant(null);
    return required
      ? fc.oneof({ weight: 12, arbitrary: keep }, { weight: 2, arbitrary: wrong }, { weight: 1, arbitrary: omit })
      : fc.oneof({ weight: 5, arbitrary: keep }, { weight: 5, arbitrary: omit }, { weight: 2, arbitrary: wrong });
  });
  const extras = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...UNKNOWN_KEYS, ...Object.keys(schema.properties)), oddString),
      wrongValue(world),
    ),
    { maxLength: 3 },
  );
  return fc
    .tuple(fc.tuple(...fields), fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extras }))
    .map(
      ([own, extra]) =>
        `{${[...own.filter((f) => f !== null), ...extra].map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`,
    );
}

/** Whole bodies that are not an object of fields at all. */
function oddBody(world: World): fc.Arbitrary<string> {
  const deep = fc.constantFrom(5_000, 40_000);
  return fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '{',
      '}',
      '{"contract_address":',
      '{"a":1,}',
      "{'a':1}",
      '{a:1}',
      '{"a":NaN}',
      '{"a":1}/*c*/',
      '{"a":1} x',
      '\ufeff{}',
      'null',
      '[]',
      '[{}]',
      '"str"',
      '123',
      'true',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"a":1,"a":2}',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      'contract_address=0x00&chain=eth',
    ),
    deep.map((d) => '['.repeat(d) + ']'.repeat(d)),
    deep.map((d) => '{"a":'.repeat(d) + 'null' + '}'.repeat(d)),
    deep.map((d) => '['.repeat(d)),
    fc
      .integer({ min: 100_001, max: 180_000 })
      .map((n) => JSON.stringify({ contract_address: world.tokens[0].address, padding: 'x'.repeat(n) })),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    oddString.map((s) => JSON.stringify(s)),
  );
}

function pathParamValue(name: string, world: World): fc.Arbitrary<string> {
  const valid =
    name === 'symbol'
      ? fc.constantFrom(...world.tokens.map((t) => t.symbol), 'ETH', 'native')
      : name === 'address'
        ? fc.constantFrom(...world.wallets, ...world.tokens.map((t) => t.address))
        : fc.oneof(
            fc.constantFrom(...world.tokens.map((t) => t.address)),
            fc.constantFrom(...world.tokens.map((t) => t.symbol)),
          );
  return fc.oneof(
    { weight: 6, arbitrary: valid.map(encodeBytes) },
    {
      weight: 3,
      arbitrary: fc
        .oneof(addressShapes(world), oddString, fc.string({ minLength: 300, maxLength: 2000 }))
        .map(encodeBytes),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%00',
        '%2F',
        '..',
        '.',
        '%2e%2e',
        'a%2Fb',
        '%ED%A0%80',
        '%C0%AF',
        '%FF',
      ),
    },
  );
}

/** Percent-encodes the UTF-8 bytes of `s` (a lone surrogate becomes U+FFFD, as any UTF-8 encoder does). */
function encodeBytes(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function queryString(op: Operation, world: World): fc.Arbitrary<string> {
  const validOf = (name: string) =>
    name === 'limit'
      ? fc.integer({ min: 1, max: 50 }).map(String)
      : name === 'wallet'
        ? fc.constant(world.proofWallet)
        : fc.constantFrom('eth', 'devnet');
  const known = op.query.map((name) =>
    fc.oneof(
      { weight: 4, arbitrary: validOf(name).map((v) => `${name}=${encodeBytes(v)}`) },
      { weight: 2, arbitrary: fc.constant('') },
      {
        weight: 2,
        arbitrary: fc
          .oneof(
            oddString,
            chainShapes,
            addressShapes(world),
            fc.constantFrom('0', '-1', '51', '1.5', '1e3', 'abc', '9'.repeat(400)),
          )
          .map((v) => `${name}=${encodeBytes(v)}`),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          `${name}=1&${name}=2`,
          `${name}[]=1`,
          `${name}[a]=1`,
          `${name}`,
          `${name}=%`,
          `${name}=%zz`,
          `${name}=%ED%A0%80`,
        ),
      },
    ),
  );
  const extra = fc.oneof(
    { weight: 5, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__[polluted]=1',
        'constructor[prototype][polluted]=1',
        'evil=1',
        'a=%',
        '=',
        '&&',
        `api_key=ta_${'ab'.repeat(32)}`,
        `x=${'y'.repeat(20_000)}`,
      ),
    },
  );
  return fc.tuple(fc.tuple(...known), extra).map(([k, e]) => [...k, e].filter(Boolean).join('&'));
}

const CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=""',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  'application/*',
  '*/*',
  'json',
  '',
  'application/json\u00e9',
  'application/json, text/plain',
];

function extraHeaders(): fc.Arbitrary<Record<string, string | undefined>> {
  const entry = fc.oneof(
    fc
      .constantFrom(
        'x-request-id',
        'x-forwarded-for',
        'accept',
        'accept-encoding',
        'accept-language',
        'origin',
        'content-encoding',
        'x-wallet-message',
        'x-wallet-signature',
        'cookie',
        'x-http-method-override',
        'range',
        'if-none-match',
      )
      .chain((name) =>
        fc
          .oneof(
            headerValue,
            fc.constantFrom(
              'gzip',
              'deflate',
              'br',
              'identity',
              'x-unknown',
              '1.2.3.4',
              '::1, 10.0.0.1',
              'unknown',
              'DELETE',
              'bytes=0-1',
              '*',
              'r'.repeat(65),
              `ta_${'cd'.repeat(32)}`,
            ),
          )
          .map((v) => [name, v] as const),
      ),
    fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/), headerValue),
  );
  return fc
    .array(entry, { maxLength: 3 })
    .map((entries) =>
      Object.fromEntries(
        entries.filter(
          ([n]) =>
            !/^(content-length|transfer-encoding|host|connection|expect|upgrade|te|trailer|keep-alive)$/i.test(n),
        ),
      ),
    );
}

/** A request for one operation: valid (about half the time), or mutated in any of its parts. */
export function requestFor(op: Operation, ops: Operation[], world: World): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...op.pathParams.map((p) => pathParamValue(p, world)))
    .map((values) => op.pathParams.reduce((acc, p, i) => acc.replace(`{${p}}`, values[i]), op.path));
  const query = op.query.length
    ? fc.oneof(queryString(op, world), fc.constant(''))
    : fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryString(op, world) });
  const body = op.body
    ? fc.oneof(
        { weight: 8, arbitrary: objectBody(op, world) },
        { weight: 2, arbitrary: oddBody(world) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: oddBody(world) });
  const method = fc.oneof(
    { weight: 24, arbitrary: fc.constant(op.method) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', op.method === 'GET' ? 'POST' : 'GET'),
    },
  );
  const auth = fc.oneof(
    { weight: op.auth ? 16 : 4, arbitrary: fc.constant('valid' as const) },
    { weight: op.auth ? 1 : 8, arbitrary: fc.constant('missing' as const) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('unknown', 'garbage', 'other-surface', 'both-headers', 'in-query') as fc.Arbitrary<
        FuzzRequest['auth']
      >,
    },
  );
  const proof = op.walletProof
    ? (fc.constantFrom('valid', 'missing', 'garbage') as fc.Arbitrary<FuzzRequest['proof']>)
    : fc.constant('missing' as const);
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  const encoding = fc.oneof(
    { weight: 12, arbitrary: fc.constant('utf8' as const) },
    { weight: 1, arbitrary: fc.constantFrom('latin1' as const, 'utf16le' as const) },
  );
  return fc
    .record({
      path,
      query,
      body,
      method,
      auth,
      authValue: fc.oneof(
        headerValue,
        fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `ta_${'0'.repeat(64)}`, 'test_00', 'ta_'),
      ),
      proof,
      contentType,
      extra: extraHeaders(),
      encoding,
    })
    .map((r) => ({
      op: op.id,
      method: r.method,
      path: r.query ? `${r.path}?${r.query}` : r.path,
      auth: r.auth,
      authValue: r.authValue,
      proof: r.proof,
      headers: { 'content-type': r.contentType, ...r.extra },
      body: r.body,
      encoding: r.encoding,
    }));
}

/** Requests over every operation; `weightOf` lowers the share of slow ones. */
export function anyRequest(
  ops: Operation[],
  world: World,
  weightOf: (op: Operation) => number,
): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...ops.map((op) => ({ weight: weightOf(op), arbitrary: requestFor(op, ops, world) })));
}
