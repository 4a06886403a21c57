import { describe, expect, it } from 'vitest';
import { validScore, type ReviewSettings } from '../../services/review';
import { settingsErrors } from './ReviewSettingsCard';

const base: ReviewSettings = { surveyId: 's', enabled: true, levels: 2, adminStep: false, reviewers: [[{ kind: 'user', id: 'u1' }], []], admins: [], graders: [], remindMinutes: 0, escalateMinutes: 0 };

describe('review settings', () => {
  it('asks for a reviewer at every level while verification is on', () => {
    expect(settingsErrors(base)).toEqual({ level2: 'rv.set.needReviewer' });
    expect(settingsErrors({ ...base, levels: 1 })).toEqual({});
    expect(settingsErrors({ ...base, enabled: false })).toEqual({});
  });
});

describe('hand scores', () => {
  it('accepts 0 … max in steps of 0.5', () => {
    expect(validScore(0, 10)).toBe(true);
    expect(validScore(7.5, 10)).toBe(true);
    expect(validScore(10, 10)).toBe(true);
    expect(validScore(10.5, 10)).toBe(false);
    expect(validScore(-0.5, 10)).toBe(false);
    expect(validScore(3.25, 10)).toBe(false);
    expect(validScore(null, 10)).toBe(false);
    expect(validScore(undefined, 10)).toBe(false);
  });
});
