import { describe, expect, it } from 'vitest';
import { linkBodyOf, newLinkValues, validateLinkForm } from './link-form';
import { heatCellsOf } from './link-format';

describe('the link settings form', () => {
  it('turns lists into entries, and drops what needs an email when none is asked for', () => {
    const values = { ...newLinkValues(), name: 'Northwind', allowList: 'northwind.vc,\n ravi@x.io ', watermark: true };
    expect(linkBodyOf(values)).toMatchObject({ allowList: ['northwind.vc', 'ravi@x.io'], watermark: true });
    expect(linkBodyOf({ ...values, requireEmail: false })).toMatchObject({ allowList: [], watermark: false });
  });

  it('leaves a kept passcode out, and sends null to remove one', () => {
    expect('passcode' in linkBodyOf({ ...newLinkValues(), passcodeAction: 'keep' })).toBe(false);
    expect(linkBodyOf({ ...newLinkValues(), passcodeAction: 'none' }).passcode).toBeNull();
  });

  it('checks with the contract: a name, list entries, a new passcode, an expiry ahead', () => {
    const errors = validateLinkForm({
      ...newLinkValues(),
      allowList: 'not an address',
      passcodeAction: 'set',
      expiresAt: '2001-01-01T10:00',
    });
    expect(Object.keys(errors).sort()).toEqual(['allowList', 'expiresAt', 'name', 'passcode']);
  });
});

describe('the heat strip', () => {
  it('has a cell per page, the longest-read one deepest', () => {
    expect(heatCellsOf([{ page: 2, seconds: 10 }], 3)).toEqual([
      { page: 1, seconds: 0, depth: 0 },
      { page: 2, seconds: 10, depth: 1 },
      { page: 3, seconds: 0, depth: 0 },
    ]);
  });
});
