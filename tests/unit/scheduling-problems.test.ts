import { describe, expect, it } from 'vitest';
import { issuesByField, schedulingProblem, schedulingProblems } from '@/lib/client/scheduling-problems';
import { StartLocation, WorkerScheduling } from '@/lib/contract/tenant-settings';
import enMessages from '@/messages/en.json';

/** Every way the start location and the limit can be wrong, so every message the contract gives turns up once. */
const wrongSchedulings: unknown[] = [
  { startLocation: { address: ' ', latitude: 91, longitude: 181 }, maxTasksPerDay: 0 },
  { startLocation: { address: 'x'.repeat(501), latitude: -91, longitude: -181 }, maxTasksPerDay: 101 },
  { startLocation: { address: 'Via Roma 1', latitude: null, longitude: 'a' }, maxTasksPerDay: 2.5 },
];

describe('scheduling problems', () => {
  it('has a translation for every validation message the start location and the limit can give', () => {
    const messages = new Set<string>();
    for (const value of wrongSchedulings) {
      const result = WorkerScheduling.safeParse(value);
      expect(result.success).toBe(false);
      if (!result.success) for (const issue of result.error.issues) messages.add(issue.message);
    }
    expect(messages.size).toBe(9);
    for (const message of messages) {
      const problem = schedulingProblem(message);
      expect(problem, message).toHaveProperty('key');
      if ('key' in problem) expect(enMessages.workerScheduling.errors[problem.key]).toBeTruthy();
    }
  });

  it('gives each field its first problem, named without the prefix, and keeps an unknown message as it is', () => {
    const result = StartLocation.safeParse({ address: '', latitude: 100 });
    expect(result.success).toBe(false);
    if (result.success) return;
    const fields = issuesByField(result.error);
    expect(schedulingProblems(fields)).toEqual({
      address: { key: 'addressRequired' },
      latitude: { key: 'latitudeRange' },
      longitude: { key: 'longitudeNumber' },
    });
    expect(schedulingProblems({ 'officeLocation.address': ['Something new.'] }, 'officeLocation.')).toEqual({
      address: { message: 'Something new.' },
    });
  });
});
