import { describe, expect, it } from 'vitest';
import { trackingDot } from '@/lib/contract/tracking';

describe('trackingDot', () => {
  const seen = '2030-03-04T09:15:30.000Z';
  const at = Date.parse(seen);

  it('is green under 5 minutes and red from exactly 5 minutes on', () => {
    expect(trackingDot(seen, at)).toBe('green');
    expect(trackingDot(seen, at + 299_999)).toBe('green');
    expect(trackingDot(seen, at + 300_000)).toBe('red');
    expect(trackingDot(seen, at + 86_400_000)).toBe('red');
  });

  it('is gray without a position', () => {
    expect(trackingDot(null, at)).toBe('gray');
  });
});
