import type { StandInApp } from '../../api/support/xero-stand-in';

/** The apps the e2e stand-in Xero knows, and the names of its three contacts ("Xero Contact 001", ...). */
export const xeroE2eApps: StandInApp[] = [
  { clientId: 'E2EWEBAPP', clientSecret: 'e2e-web-secret-4Kq9', kind: 'WEB_APP' },
  { clientId: 'E2ECUSTOM', clientSecret: 'e2e-custom-secret-7Hd2', kind: 'CUSTOM' },
];

export const xeroE2eContactPrefix = 'Xero Contact';
