import { taskStatusCatalogue } from '@/lib/contract/statuses';

/** The status colour names of the spec as event bar colours, dark enough for white text. */
const barColours: Record<string, string> = {
  blue: '#1d4ed8',
  orange: '#c2410c',
  violet: '#6d28d9',
  green: '#15803d',
  red: '#b91c1c',
};

const fallback = '#475569';

/** The bar colour of a status; a cancelled task is red whatever its status says. */
export function eventColourOf(statusId: number, cancelled: boolean): string {
  const name = cancelled ? 'red' : taskStatusCatalogue.find((entry) => entry.id === statusId)?.color;
  return (name && barColours[name]) ?? fallback;
}
