import { redirect } from 'next/navigation';
import { EfficiencyReportScreen } from '@/components/reports/efficiency/report-screen';
import { currentPageCtx } from '@/lib/server/people/auth/page-session';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { efficiencyReportStart } from '@/lib/server/screens/efficiency-report';

/** Reporting → efficiency: tasks completed in a range, estimate against actual time, with the workers' hours. */
export default async function EfficiencyReportPage() {
  await menuPageOrRedirect('reporting', 'efficiency');
  const ctx = await currentPageCtx();
  if (!ctx) redirect('/app/login');
  return <EfficiencyReportScreen start={await efficiencyReportStart(ctx)} />;
}
