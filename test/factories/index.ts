export * from './accounts.factory';
export * from './health.factory';
export * from './report.factory';
export * from './platform.factory';
export * from './chain.factory';
export * from './jobs.factory';
