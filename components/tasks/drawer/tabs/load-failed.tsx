'use client';

import { Button } from '@/components/ui/button';

/** A tab whose list could not be read: the reason and a button that reads it again. */
export function LoadFailed({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      <span>{message}</span>
      <Button variant="secondary" className="px-3 py-1" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
