import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { ProfileScreen } from '@/components/profile/profile-screen';
import { defaultLanguage, isLanguage } from '@/lib/contract/languages';
import { currentPageUser } from '@/lib/server/people/auth/page-session';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Settings → profile: every signed-in user's own details, picture, time preferences and password. */
export default async function ProfileSettingsPage() {
  await menuPageOrRedirect('settings', 'profile');
  const user = await currentPageUser();
  if (!user) redirect('/app/login');
  // A user who never chose a language sees the one the page is shown in.
  const locale = await getLocale();
  return (
    <ProfileScreen
      user={{
        id: user.id,
        username: user.username,
        name: user.name,
        surname: user.surname,
        phone: user.phone,
        phoneCountryCode: user.phoneCountryCode,
        preferredLanguage: isLanguage(user.preferredLanguage) ? user.preferredLanguage : isLanguage(locale) ? locale : defaultLanguage,
        profilePictureId: user.profilePictureId,
      }}
      preferredTimeFormat={user.preferredTimeFormat}
      timeZone={user.timeZone ?? user.tenantTimeZone}
    />
  );
}
