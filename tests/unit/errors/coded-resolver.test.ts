import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codedResolver } from '@/lib/client/coded-resolver';
import type { CodedText } from '@/lib/client/error-text';

type Values = { name: string; points: { lat: number }[] };
const Body = z.object({
  name: z.string().trim().min(1, 'Name is required').max(5, 'Must be at most 5 characters'),
  points: z.array(z.object({ lat: z.number().min(-90, 'Latitude out of range') })).min(1, 'Points are required'),
});
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;
/** Stands in for next-intl: the code and params, so the test sees what the translation is given. */
const text = (problem: CodedText) => `${problem.code} ${JSON.stringify(problem.params ?? {})}`;

describe('the coded form resolver', () => {
  const resolve = codedResolver(Body, text);

  it('puts each refused field\u2019s first problem into words by its code and params, never its English text', async () => {
    const result = await resolve({ name: 'toolong', points: [{ lat: -100 }] }, undefined, options);
    expect(result.errors).toMatchObject({
      name: { type: 'validation.tooLong', message: 'validation.tooLong {"max":5}' },
      points: [{ lat: { type: 'validation.tooSmall', message: 'validation.tooSmall {"min":-90}' } }],
    });
    const empty = await resolve({ name: ' ', points: [] }, undefined, options);
    expect(empty.errors).toMatchObject({ name: { type: 'validation.required' }, points: { type: 'validation.tooFewItems' } });
  });

  it('hands the parsed values on when the form is valid', async () => {
    expect(await resolve({ name: ' Ann ', points: [{ lat: 1 }] }, undefined, options)).toEqual({ values: { name: 'Ann', points: [{ lat: 1 }] }, errors: {} });
  });
});
