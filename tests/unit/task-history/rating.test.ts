import { describe, expect, it } from 'vitest';
import { ratingStars, ratingValue } from '@/lib/client/task-history/rating';

describe('ratingStars', () => {
  it('shows a rating in half steps out of five stars', () => {
    expect(ratingStars(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(ratingStars(3)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(ratingStars(0.5)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
    expect(ratingStars(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('rounds to the nearest half and keeps within 0 to 5', () => {
    expect(ratingStars(2.3)).toEqual(['full', 'full', 'half', 'empty', 'empty']);
    expect(ratingStars(7)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(ratingValue(-1)).toBe(0);
    expect(ratingValue(3.74)).toBe(3.5);
  });
});
