import { startXeroStandIn, standInContacts } from '../../api/support/xero-stand-in';
import { xeroE2eApps, xeroE2eContactPrefix } from './xero-fixtures';

/**
 * The stand-in Xero (tests/api/support/xero-stand-in.ts) as a process of its own for the e2e run: the app's
 * XERO_IDENTITY_URL and XERO_API_URL point here, and the browser's authorisation comes here too.
 */
const port = Number(process.env.XERO_STAND_IN_PORT ?? 3102);

const standIn = await startXeroStandIn({ apps: xeroE2eApps, contacts: standInContacts(3, xeroE2eContactPrefix), port });
console.log(`Xero stand-in on ${standIn.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void standIn.close().then(() => process.exit(0)));
