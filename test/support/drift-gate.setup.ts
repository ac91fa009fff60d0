import { takeDriftViolations } from './drift-gate';

// Every e2e test fails if a response it caused differs from the OpenAPI document (see drift-gate.ts).
afterEach(() => {
  const violations = takeDriftViolations();
  if (violations.length === 0) return;
  const lines = violations.map((v) => `${v.route} → ${v.status}: ${v.problems.join('; ')}`);
  throw new Error(`Responses differ from the OpenAPI document:\n${[...new Set(lines)].join('\n')}`);
});
