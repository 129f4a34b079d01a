import { describe, expect, it } from 'vitest';
import { issuesByField, schedulingProblems } from '@/lib/client/scheduling-problems';
import { codesOf, messagesOf, problem } from '@/lib/contract/errors';
import { codedParse } from '@/lib/contract/problems';
import { StartLocation, WorkerScheduling } from '@/lib/contract/tenant-settings';
import enMessages from '@/messages/en.json';

/** Every way the start location and the limit can be wrong, so every problem the contract gives turns up once. */
const wrongSchedulings: unknown[] = [
  { startLocation: { address: ' ', latitude: 91, longitude: 181 }, maxTasksPerDay: 0 },
  { startLocation: { address: 'x'.repeat(501), latitude: -91, longitude: -181 }, maxTasksPerDay: 101 },
  { startLocation: { address: 'Via Roma 1', latitude: null, longitude: 'a' }, maxTasksPerDay: 2.5 },
];

const translated = (code: string): unknown => {
  const [namespace, name] = code.split('.');
  const texts: unknown = (enMessages.errors as Record<string, unknown>)[namespace];
  return typeof texts === 'object' && texts !== null ? (texts as Record<string, unknown>)[name] : undefined;
};

describe('scheduling problems', () => {
  it('gives a code with a translation for every problem the start location and the limit can have', () => {
    const messages = new Set<string>();
    const codes = new Set<string>();
    for (const value of wrongSchedulings) {
      const result = WorkerScheduling.safeParse(value, codedParse);
      expect(result.success).toBe(false);
      if (result.success) continue;
      for (const problems of Object.values(issuesByField(result.error))) {
        for (const one of problems) {
          messages.add(one.message);
          codes.add(one.code);
        }
      }
    }
    expect(messages.size).toBe(9);
    expect([...codes].sort()).toEqual([
      'scheduling.addressRequired',
      'scheduling.addressTooLong',
      'scheduling.latitudeRange',
      'scheduling.limitMax',
      'scheduling.limitMin',
      'scheduling.limitWhole',
      'scheduling.longitudeRange',
      'scheduling.markerMissing',
      // A coordinate that is not even a number comes only from an API client, not from the screens.
      'validation.invalidType',
    ]);
    for (const code of codes) expect(translated(code), code).toBeTruthy();
  });

  it('gives each field its first problem, named without the prefix', () => {
    const result = StartLocation.safeParse({ address: '', latitude: 100, longitude: null }, codedParse);
    expect(result.success).toBe(false);
    if (result.success) return;
    const fields = issuesByField(result.error);
    expect(codesOf(fields)).toEqual({
      address: ['scheduling.addressRequired'],
      latitude: ['scheduling.latitudeRange'],
      longitude: ['scheduling.markerMissing'],
    });
    expect(messagesOf(fields)).toEqual({
      address: ['The address is required.'],
      latitude: ['The latitude is between -90 and 90.'],
      longitude: ['The longitude is a number.'],
    });
    const found = schedulingProblems(fields);
    expect(found.latitude).toEqual(problem('scheduling.latitudeRange', 'The latitude is between -90 and 90.'));
    const server = { 'officeLocation.address': [problem('scheduling.addressTooLong', 'The address has at most 500 characters.', { max: 500 })] };
    expect(schedulingProblems(server, 'officeLocation.')).toEqual({ address: server['officeLocation.address'][0] });
  });
});
