import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coded, codedParse, problemsOfError, rule } from '@/lib/contract/problems';

function problemsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value, codedParse);
  if (result.success) throw new Error('expected a refusal');
  return problemsOfError(result.error);
}

describe('the zod error map', () => {
  const Body = z.object({
    name: z.string().trim().min(1, 'Name is required').max(20, 'Must be at most 20 characters'),
    code: z.string().min(3, 'Too short'),
    email: z.email('Enter an e-mail'),
    count: z.number().int('Whole').min(1).max(9),
    tags: z.array(z.string()).min(1, 'Pick one').max(2),
    kind: z.enum(['a', 'b'], 'Pick a kind'),
    day: z.iso.date('A date'),
    colour: z.string().regex(/^#[0-9a-f]{6}$/, 'Colour must be #rrggbb'),
  });
  const valid = { name: 'Ann', code: 'abc', email: 'a@b.test', count: 2, tags: ['x'], kind: 'a', day: '2026-12-03', colour: '#aabbcc' };

  it('codes a missing or blank value as required, keeping the schema\u2019s English text', () => {
    expect(problemsOf(Body, { ...valid, name: undefined }).name).toEqual([{ code: 'validation.required', params: {}, message: expect.any(String) }]);
    expect(problemsOf(Body, { ...valid, name: '   ' }).name).toEqual([{ code: 'validation.required', params: {}, message: 'Name is required' }]);
    expect(problemsOf(Body, { ...valid, email: null }).email?.[0]?.code).toBe('validation.required');
    expect(problemsOf(Body, { ...valid, kind: undefined }).kind?.[0]?.code).toBe('validation.required');
  });

  it('gives limits as params: text length, number range, list size', () => {
    const problems = problemsOf(Body, { ...valid, name: 'x'.repeat(21), code: 'ab', count: 10, tags: ['a', 'b', 'c'] });
    expect(problems.name).toEqual([{ code: 'validation.tooLong', params: { max: 20 }, message: 'Must be at most 20 characters' }]);
    expect(problems.code).toEqual([{ code: 'validation.tooShort', params: { min: 3 }, message: 'Too short' }]);
    expect(problems.count?.[0]).toMatchObject({ code: 'validation.tooBig', params: { max: 9 } });
    expect(problems.tags?.[0]).toMatchObject({ code: 'validation.tooManyItems', params: { max: 2 } });
    expect(problemsOf(Body, { ...valid, tags: [] }).tags?.[0]).toMatchObject({ code: 'validation.tooFewItems', params: { min: 1 } });
    expect(problemsOf(Body, { ...valid, count: 0 }).count?.[0]).toMatchObject({ code: 'validation.tooSmall', params: { min: 1 } });
  });

  it('codes formats and choices', () => {
    const problems = problemsOf(Body, { ...valid, email: 'nope', kind: 'c', day: '2026-13-40', colour: 'red', count: 1.5 });
    expect(problems.email?.[0]?.code).toBe('validation.email');
    expect(problems.kind?.[0]?.code).toBe('validation.option');
    expect(problems.day?.[0]?.code).toBe('validation.date');
    expect(problems.colour?.[0]).toEqual({ code: 'validation.format', params: {}, message: 'Colour must be #rrggbb' });
    expect(problems.count?.[0]?.code).toMatch(/^validation\.(invalidType|notInteger)$/);
  });

  it('names unknown keys of a strict object', () => {
    expect(problemsOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })._).toEqual([
      { code: 'validation.unknownKeys', params: { keys: 'b, c' }, message: expect.any(String) },
    ]);
  });

  it('takes a refinement\u2019s own code and params from rule(), and codes an uncoded one as invalid', () => {
    const Zone = z
      .object({ points: z.array(z.number()) })
      .refine((zone) => zone.points.length >= 3, { path: ['points'], ...rule('validation.tooFewItems', 'A zone needs 3 points', { min: 3 }) })
      .refine((zone) => zone.points.every((point) => point > 0), { path: ['points'], message: 'Points must be positive' });
    expect(problemsOf(Zone, { points: [-1] }).points).toEqual([
      { code: 'validation.tooFewItems', params: { min: 3 }, message: 'A zone needs 3 points' },
      { code: 'validation.invalid', params: {}, message: 'Points must be positive' },
    ]);
  });

  it('files a problem of the value as a whole under _', () => {
    expect(Object.keys(problemsOf(z.string(), 5))).toEqual(['_']);
  });

  it('takes a built-in check\u2019s own code from coded(), and the check still shows in the JSON schema', () => {
    const Slot = z.object({
      hours: z.string().regex(/^\d\d:\d\d$/, coded('validation.time', 'Hours must be HH:mm')),
      points: z.array(z.number()).min(3, coded('validation.tooFewItems', 'A zone needs 3 points', { min: 3 })),
    });
    expect(problemsOf(Slot, { hours: '9', points: [] })).toEqual({
      hours: [{ code: 'validation.time', params: {}, message: 'Hours must be HH:mm' }],
      points: [{ code: 'validation.tooFewItems', params: { min: 3 }, message: 'A zone needs 3 points' }],
    });
    expect(z.toJSONSchema(Slot)).toMatchObject({ properties: { hours: { pattern: '^\\d\\d:\\d\\d$' }, points: { minItems: 3 } } });
  });
});
