import { ALPHA_CUSTODIAL_OPERATIONS } from '@gw/contracts/api/alpha';
import { BETA_CUSTODIAL_OPERATIONS } from '@gw/contracts/api/beta';

// The schemathesis hooks (test/fuzz/schemathesis_hooks.py) tell a refusal by design from a refusal of the
// credentials by these words; a 403 worded otherwise counts as refused credentials and fails the fuzz.
describe('calls refused by design', () => {
  const refusals = [
    ...ALPHA_CUSTODIAL_OPERATIONS.map((operation) => [operation.operationId, operation.refusal]),
    ...BETA_CUSTODIAL_OPERATIONS.map((operation) => [operation.operationId, operation.refusal]),
  ];

  it.each(refusals)('%s says what is not available, then why', (_operation, refusal) => {
    expect(refusal).toMatch(/^[^:]+ not available: \S/);
  });
});
