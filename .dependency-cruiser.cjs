/**
 * The import rules of src/ (ARCHITECTURE.md): surfaces → domain → metering → chain/providers →
 * config/common/prisma. Checked by src/import-rules.spec.ts (run by `npm test`) and by
 * `npm run lint:imports`.
 */
const SURFACE = '^src/http/(a|b|c)/';
const HTTP = '^src/http/';
const DOMAIN = '^src/(accounts|analysis|platform|health|jobs|watches)/';
const BASE = '^src/(config|common|prisma|types)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No file cycles, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'surface-a-alone',
      severity: 'error',
      comment: 'A surface never imports another surface (shared pieces live in src/http/shared).',
      from: { path: '^src/http/a/' },
      to: { path: '^src/http/(b|c)/' },
    },
    { name: 'surface-b-alone', severity: 'error', from: { path: '^src/http/b/' }, to: { path: '^src/http/(a|c)/' } },
    { name: 'surface-c-alone', severity: 'error', from: { path: '^src/http/c/' }, to: { path: '^src/http/(a|b)/' } },
    {
      name: 'shared-http-not-surfaces',
      severity: 'error',
      comment: 'Shared HTTP pieces serve every surface, so none of them knows one.',
      from: { path: '^src/http/shared/' },
      to: { path: SURFACE },
    },
    {
      name: 'nothing-below-imports-http',
      severity: 'error',
      comment: 'Domain, metering, chain, providers and base never import HTTP.',
      from: {
        path: '^src/(accounts|analysis|platform|health|jobs|watches|metering|chain|providers|config|common|prisma|types)/',
      },
      to: { path: HTTP },
    },
    {
      name: 'jobs-above-domain',
      severity: 'error',
      comment:
        'Jobs and watches run the domain (scans, webhooks, re-scans of watched tokens); the domain never knows it runs in one.',
      from: { path: '^src/(accounts|analysis|platform|health|metering|chain|providers)/' },
      to: { path: '^src/(jobs|watches)/' },
    },
    {
      name: 'jobs-not-watches',
      severity: 'error',
      comment: 'Watches send their alerts through the jobs layer (webhooks); jobs know no watch.',
      from: { path: '^src/jobs/' },
      to: { path: '^src/watches/' },
    },
    {
      name: 'engine-alone',
      severity: 'error',
      comment: 'The analysis engine never imports accounts or the platform domain.',
      from: { path: '^src/analysis/' },
      to: { path: '^src/(accounts|platform)/' },
    },
    {
      name: 'accounts-below-platform',
      severity: 'error',
      comment: "Surface C's domain uses accounts, not the other way round.",
      from: { path: '^src/accounts/' },
      to: { path: '^src/(platform|analysis)/' },
    },
    { name: 'metering-below-domain', severity: 'error', from: { path: '^src/metering/' }, to: { path: DOMAIN } },
    {
      name: 'chain-and-providers-below-domain',
      severity: 'error',
      comment: 'Providers never import analysis; the chain layer knows no domain and no limits.',
      from: { path: '^src/(chain|providers)/' },
      to: { path: '^src/(accounts|analysis|platform|health|metering)/' },
    },
    { name: 'chain-not-providers', severity: 'error', from: { path: '^src/chain/' }, to: { path: '^src/providers/' } },
    {
      name: 'base-is-lowest',
      severity: 'error',
      comment: 'config, common and prisma import nothing of ours above them.',
      from: { path: BASE },
      to: { path: '^src/(http|accounts|analysis|platform|health|jobs|watches|metering|chain|providers)/' },
    },
    {
      name: 'only-repositories-use-prisma',
      severity: 'error',
      comment: 'Repositories are the only Prisma door.',
      from: {
        path: '^src/',
        pathNot: [
          '\\.repository\\.ts$',
          '^src/prisma/',
          '^src/(app\\.module|bootstrap|devnet-binding)\\.ts$',
          '\\.spec\\.ts$',
          'health\\.service\\.ts$',
        ],
      },
      to: { path: '^src/prisma/(prisma\\.service|generated/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^src/prisma/generated/', '\\.d\\.ts$'] },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
