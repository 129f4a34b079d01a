/** Touch targets of at least 44 × 44 px, as phone guidelines ask. */
export const touchTarget = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md';
