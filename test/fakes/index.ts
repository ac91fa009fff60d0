export { FakeApiKeyRepository } from './fake-api-key.repository';
export { FakeCallLogRepository } from './fake-call-log.repository';
export { FakeChainRegistry } from './fake-chain-registry';
export { FakeNonceRepository } from './fake-nonce.repository';
export { FakePaymentVerifier } from './fake-payment-verifier';
export { FakePlanPurchaseRepository } from './fake-plan-purchase.repository';
export { FIXED_NOW, FixedClock } from './fixed-clock';
export { FakePaymentChain, type FakeTransfer } from './fake-payment-chain';
export * from './fake-quota-counter';
