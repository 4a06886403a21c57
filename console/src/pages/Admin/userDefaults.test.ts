import { describe, expect, it } from 'vitest';
import { defaultRoleIds } from './userDefaults';

describe('user add form', () => {
  it('preselects the Survey author role only', () => {
    const roles = [
      { id: 'r-super-admin', code: 'DWSURVEY_SUPER_ADMIN' },
      { id: 'r-user', code: 'DWSURVEY_USER' },
      { id: 'r-x', code: 'analyst' },
    ];
    expect(defaultRoleIds(roles)).toEqual(['r-user']);
    expect(defaultRoleIds([])).toEqual([]);
    expect(defaultRoleIds(undefined)).toEqual([]);
  });
});
