import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { ApiError } from '../../lib/errors';
import { CUSTOM_STEP, FEELING_STEP, definition, participation } from './participation-test-server';
import { answerErrors, loadFailure, menuGroups, valueError } from './rules';

const TAGS_STEP = {
  ...definition('custom.tags', 'tags', 'Our team'),
  measureId: 'custom',
  kind: 'tags' as const,
};

describe('the step menu', () => {
  it('groups the steps by measure, in order, with the measure status from its steps', () => {
    const groups = menuGroups(
      participation(
        { feel: 'done', custom: 'done' },
        { stepDefinitions: [FEELING_STEP, CUSTOM_STEP, TAGS_STEP] },
      ),
    );
    expect(groups.map((g) => [g.measureId, g.title, g.status, g.steps.length])).toEqual([
      ['feel', 'How do you feel?', 'done', 1],
      ['custom', 'Our team', 'inProgress', 2],
    ]);
  });

  it('locks a step to do after a step to do, and never the first one', () => {
    const [feel, custom] = menuGroups(participation({}));
    expect(feel?.steps[0]?.locked).toBe(false);
    expect(custom?.steps[0]?.locked).toBe(true);
    const [, opened] = menuGroups(participation({ feel: 'done' }));
    expect(opened?.steps[0]?.locked).toBe(false);
  });

  it('skips a cancelled step when looking for the previous one', () => {
    const third = definition('third', 'profile', 'About you');
    const groups = menuGroups(
      participation(
        { feel: 'done', custom: 'cancelled' },
        { stepDefinitions: [FEELING_STEP, CUSTOM_STEP, third] },
      ),
    );
    expect(groups.map((g) => g.steps[0]?.locked)).toEqual([false, true, false]);
  });
});

describe('refused answers', () => {
  it('places each field problem on its field, with or without the body prefix, and counts them', () => {
    const error = new ApiError(400, [
      { key: 'required', field: 'values.q1' },
      { key: 'not-valid', field: 'body.values.q2' },
    ]);
    const { byField, general } = answerErrors(error, i18n.getFixedT('en'));
    expect(byField).toEqual({ 'values.q1': 'This field is required.', 'values.q2': expect.any(String) });
    expect(valueError(byField, 'q2')).toBe(byField['values.q2']);
    expect(general).toBe('2 answers were refused: see the messages on them.');
  });

  it('shows a problem without a field once, for the whole step', () => {
    const error = new ApiError(409, [{ key: 'participation-closed' }]);
    expect(answerErrors(error, i18n.getFixedT('en'))).toEqual({
      byField: {},
      general: i18n.getFixedT('en')('errors.participation-closed'),
    });
  });
});

describe('a failed load', () => {
  it('a 403 is the forbidden campaign; a 400 or 404 is an invalid link; others can be retried', () => {
    expect(loadFailure(new ApiError(403, [{ key: 'campaign-forbidden' }]))).toBe('forbidden');
    expect(loadFailure(new ApiError(404, [{ key: 'not-found' }]))).toBe('invalid-link');
    expect(loadFailure(new ApiError(400, [{ key: 'not-valid', field: 'query.code' }]))).toBe('invalid-link');
    expect(loadFailure(new ApiError(500, [{ key: 'internal-server-error' }]))).toBe('other');
    expect(loadFailure(new TypeError('x'))).toBe('other');
  });
});
