import { describe, expect, it } from 'vitest';
import {
  defaultCancellationReasonKey,
  defaultCancellationReasonKeys,
  defaultCancellationReasonNames,
} from '@/lib/contract/cancellation-reasons';
import { flatten, messageFiles } from './support/messages';

describe('default cancellation reasons (spec 03 §3)', () => {
  it('recognises each stored default name, and nothing else: a renamed reason or another case is the company’s own', () => {
    for (const key of defaultCancellationReasonKeys) expect(defaultCancellationReasonKey(defaultCancellationReasonNames[key])).toBe(key);
    expect(defaultCancellationReasonKey('Client no show (late)')).toBeNull();
    expect(defaultCancellationReasonKey('other')).toBeNull();
    expect(defaultCancellationReasonKey('Cliente assente')).toBeNull();
  });

  it('stores the defaults under their English translations, so English readers see them unchanged', () => {
    const english = flatten(messageFiles.en);
    for (const key of defaultCancellationReasonKeys) {
      expect(english.get(`cancellationReasonSettings.defaults.${key}`)).toBe(defaultCancellationReasonNames[key]);
    }
  });
});
