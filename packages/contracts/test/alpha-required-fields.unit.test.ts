import { alphaValidators } from '@gw/contracts/api/alpha';

// A family A field is nullable unless it says otherwise (Laravel's `nullable`), so a required one must
// say so: a required field that takes null reaches the route as null where its type says string (the
// refund's `address` did, and answered a 500).
describe('family A requests', () => {
  const requiredFields = Object.entries(alphaValidators).flatMap(([name, validator]) =>
    ((validator.schema.required as string[] | undefined) ?? []).map((field) => [name, field] as const),
  );

  it('have required fields to check', () => {
    expect(requiredFields.map(([name, field]) => `${name}.${field}`)).toEqual(
      expect.arrayContaining(['refund.address', 'createWallet.network', 'createPayment.amount']),
    );
  });

  it.each(requiredFields)('%s refuses a null %s with an error on that field', (name, field) => {
    const check = alphaValidators[name as keyof typeof alphaValidators].check({ [field]: null });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.errors)).toContain(field);
  });
});
