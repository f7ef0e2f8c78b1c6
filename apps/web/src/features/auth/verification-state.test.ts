import { describe, expect, it } from 'vitest';
import { verificationStateFromSearch, verificationStateOf } from './verification-state';

describe('verification state', () => {
  it('needs type, email and username', () => {
    expect(verificationStateOf({ type: 'user', email: 'a@b.co', username: 'A' })).toEqual({
      type: 'user',
      email: 'a@b.co',
      username: 'A',
    });
    expect(verificationStateOf({ type: 'user', email: 'a@b.co' })).toBeNull();
    expect(verificationStateOf({ type: 'mentor', email: 'a@b.co', username: 'A' })).toEqual({
      type: 'mentor',
      email: 'a@b.co',
      username: 'A',
    });
    expect(verificationStateOf({ type: 'admin', email: 'a@b.co', username: 'A' })).toBeNull();
    expect(verificationStateOf(null)).toBeNull();
  });

  it("reads the emailed link's query, token included", () => {
    expect(verificationStateFromSearch('?type=investor&email=r%40x.io&username=Ravi&token=abc')).toEqual({
      type: 'investor',
      email: 'r@x.io',
      username: 'Ravi',
      token: 'abc',
    });
    expect(verificationStateFromSearch('')).toBeNull();
    expect(verificationStateFromSearch('?type=user&email=r%40x.io')).toBeNull();
  });
});
