export type StarFill = 'full' | 'half' | 'empty';

export const ratingMax = 5;

/** A rating in half steps (spec 03: 0.5 steps out of 5), clamped, as five stars. */
export function ratingStars(rating: number): StarFill[] {
  const halves = Math.round(Math.min(Math.max(rating, 0), ratingMax) * 2);
  return Array.from({ length: ratingMax }, (_, index) => {
    const left = halves - index * 2;
    return left >= 2 ? 'full' : left === 1 ? 'half' : 'empty';
  });
}

/** The rating as it is read aloud and shown beside the stars: 4.5, 3, 0.5. */
export const ratingValue = (rating: number) => Math.round(Math.min(Math.max(rating, 0), ratingMax) * 2) / 2;
