import { redirect } from 'next/navigation';
import { ScheduleBoardScreen } from '@/components/schedule/board/schedule-board-screen';
import { Feature } from '@/lib/contract/features';
import { isBoardUnit, rangeOf } from '@/lib/client/schedule/range';
import { todayIn } from '@/lib/contract/zoned-time';
import { currentPageCtx } from '@/lib/server/people/auth/page-session';
import { env } from '@/lib/server/core/env';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { readBoard } from '@/lib/server/scheduling/board/read';
import { listTimeSlots } from '@/lib/server/scheduling/time-slots/read';

const isLocalDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The schedule board: /app/main/schedule/{day|week|month}?date=YYYY-MM-DD (any day of the range; today by default).
 * `unscheduled`, listed by the shell with no behaviour shown (spec 2.1), leads to the day board, whose left panel is
 * the unscheduled tasks. The first screenful is read here, so the board paints without waiting for the browser to ask.
 */
export default async function SchedulePage({
  params,
  searchParams,
}: {
  params: Promise<{ submenu: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { submenu } = await params;
  if (submenu === 'unscheduled') redirect('/app/main/schedule/day');
  await menuPageOrRedirect('schedule', submenu);
  if (!isBoardUnit(submenu)) redirect('/app/main/schedule/day');
  const [ctx, query] = await Promise.all([currentPageCtx(), searchParams]);
  if (!ctx) redirect('/app/login');
  const today = todayIn(ctx.tenantTimeZone);
  const range = rangeOf(submenu, isLocalDate(query.date) ? query.date : today);
  const [data, timeSlots] = await Promise.all([
    readBoard(ctx, range),
    ctx.features.includes(Feature.timeSlots) ? listTimeSlots(ctx) : Promise.resolve([]),
  ]);
  return (
    <ScheduleBoardScreen
      key={submenu}
      start={{
        unit: submenu,
        today,
        timeZone: ctx.tenantTimeZone,
        data,
        features: ctx.features,
        // Dates become the strings the browser would have received from the API.
        timeSlots: JSON.parse(JSON.stringify(timeSlots)) as typeof timeSlots,
        mapStyleUrl: env.mapStyleUrl ?? null,
        canAddUsers: ctx.roles.includes('usersManager'),
      }}
    />
  );
}
