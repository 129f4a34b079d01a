'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { api } from '@/lib/client/api';
import { useForgetCurrentUserClock } from '@/lib/client/current-user';
import { timeZoneNames } from '@/lib/contract/reference/time-zones';

/** The 12/24-hour switch, saved as soon as it flips (spec 03 §2.3). */
export function TimeFormatSwitch({ initial }: { initial: boolean }) {
  const t = useTranslations('profile');
  const router = useRouter();
  const forgetCurrentUserClock = useForgetCurrentUserClock();
  const [twentyFourHour, setTwentyFourHour] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function flip() {
    const next = !twentyFourHour;
    setBusy(true);
    setTwentyFourHour(next);
    try {
      await api('users/me/preferences', { method: 'PATCH', json: { preferredTimeFormat: next } });
      forgetCurrentUserClock();
      toast.success(t('timeFormatChanged'));
      router.refresh();
    } catch {
      setTwentyFourHour(!next);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-center gap-3 text-sm text-slate-700">
      <span className="font-medium">{t('timeFormat')}</span>
      <span className={twentyFourHour ? 'text-slate-500' : 'text-slate-900'}>{t('twelveHour')}</span>
      <button
        type="button"
        role="switch"
        aria-checked={twentyFourHour}
        aria-label={t('twentyFourHourSwitch')}
        disabled={busy}
        onClick={() => void flip()}
        className={`relative h-6 w-11 rounded-full transition-colors disabled:opacity-60 ${twentyFourHour ? 'bg-brand' : 'bg-slate-300'}`}
      >
        <span
          className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${twentyFourHour ? 'translate-x-5' : ''}`}
        />
      </button>
      <span className={twentyFourHour ? 'text-slate-900' : 'text-slate-500'}>{t('twentyFourHour')}</span>
    </div>
  );
}

/** The user's own time zone: a searchable, sorted list of IANA names; the button waits for a different choice. */
export function TimeZoneSetting({ initial }: { initial: string }) {
  const t = useTranslations('profile');
  const forgetCurrentUserClock = useForgetCurrentUserClock();
  const [saved, setSaved] = useState(initial);
  const [chosen, setChosen] = useState(initial);
  const [busy, setBusy] = useState(false);
  const options = useMemo(() => timeZoneNames.map((name) => ({ value: name, label: name.replaceAll('_', ' ') })), []);

  async function save() {
    setBusy(true);
    try {
      const result = await api<{ timezone: string }>('users/timezone', { method: 'PUT', json: { timezone: chosen } });
      setSaved(result.timezone);
      forgetCurrentUserClock();
      toast.success(t('timeZoneChanged'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <Combobox label={t('timeZone')} value={chosen} options={options} onChange={setChosen} name="timezone" />
      </div>
      <Button type="button" onClick={() => void save().catch(() => undefined)} disabled={busy || chosen === '' || chosen === saved}>
        {t('changeTimeZone')}
      </Button>
    </div>
  );
}
