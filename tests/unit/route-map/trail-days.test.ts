import { describe, expect, it } from 'vitest';
import { trailDays } from '@/components/schedule/route-map/use-worker-trail';

describe('trailDays', () => {
  it('names the tenant days the board range touches, the end excluded', () => {
    const day = trailDays(new Date('2030-03-04T23:00:00Z'), new Date('2030-03-05T23:00:00Z'), 'Europe/Rome');
    expect(day).toEqual(['2030-03-05']);
    const week = trailDays(new Date('2030-03-03T23:00:00Z'), new Date('2030-03-10T23:00:00Z'), 'Europe/Rome');
    expect(week).toEqual(['2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08', '2030-03-09', '2030-03-10']);
  });

  it('asks for no trail over a range longer than a week', () => {
    expect(trailDays(new Date('2030-03-01T00:00:00Z'), new Date('2030-04-01T00:00:00Z'), 'Europe/Rome')).toEqual([]);
  });
});
