import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { confirmationMatches, confirmPasswordField, newPasswordField, newPasswordProblems } from '@/lib/contract/new-password';

describe('the new-password rules both password forms share', () => {
  it('shows nothing on an untouched, empty pair, and is not ready', () => {
    expect(newPasswordProblems({ newPassword: '', confirmPassword: '', confirmTouched: false })).toEqual({ ready: false });
  });

  it('flags the length as soon as a new password is typed, whatever the confirmation', () => {
    expect(newPasswordProblems({ newPassword: 'short', confirmPassword: 'short', confirmTouched: true })).toEqual({
      newPassword: 'length',
      ready: false,
    });
    expect(newPasswordProblems({ newPassword: 'x'.repeat(31), confirmPassword: '', confirmTouched: false }).newPassword).toBe('length');
  });

  it('asks for the confirmation once it was touched and left empty, and says when it differs', () => {
    expect(newPasswordProblems({ newPassword: 'long-enough', confirmPassword: '', confirmTouched: true }).confirmPassword).toBe('confirmRequired');
    expect(newPasswordProblems({ newPassword: 'long-enough', confirmPassword: 'long-enoug', confirmTouched: true }).confirmPassword).toBe('differ');
    expect(newPasswordProblems({ newPassword: 'long-enough', confirmPassword: 'long-enough', confirmTouched: true })).toEqual({ ready: true });
  });

  it('refuses a body whose confirmation differs, on the confirmation, with the spec text', () => {
    const Body = confirmationMatches(z.object({ newPassword: newPasswordField, confirmPassword: confirmPasswordField }));
    const result = Body.safeParse({ newPassword: 'long-enough', confirmPassword: 'other-one!' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['confirmPassword', 'Passwords do not match']]);
  });
});
