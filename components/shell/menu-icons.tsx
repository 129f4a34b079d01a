import {
  BarChart3,
  CalendarClock,
  Clock,
  LayoutDashboard,
  ListChecks,
  MapPin,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';

export const sectionIcons: Record<string, LucideIcon> = {
  dashboard: LayoutDashboard,
  tasks: ListChecks,
  schedule: CalendarClock,
  tracking: MapPin,
  clients: Users,
  reporting: BarChart3,
  'working-hours': Clock,
  settings: Settings,
};
