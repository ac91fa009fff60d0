/** @type {import('jest').Config} */
const common = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
    // @ethereumjs/* require @noble/* 2.x, and @fastify/static (Swagger UI's files) content-disposition 3,
    // which ship ES modules only: Jest needs them as CommonJS (Node 20.19+ requires them as they are).
    '^.+/node_modules/(@noble|@fastify/static/node_modules)/.+\\.js$': [
      'ts-jest',
      { tsconfig: 'tsconfig.jest-esm.json' },
    ],
  },
  transformIgnorePatterns: ['^(?!.*/node_modules/(@noble|@fastify/static/node_modules)/).*/node_modules/'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

module.exports = {
  testTimeout: 120000,
  // One suite at a time (the e2e suites share a devnet and a PostgreSQL server), in a worker process
  // that is replaced once it holds more than this after a suite: one long-lived process (--runInBand)
  // grows its heap with every suite's modules until the garbage collector takes most of the time (the
  // detection gate took 312 s at the end of a run, 39 s alone).
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/devnet/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/drift-gate.setup.ts'],
    },
  ],
};
