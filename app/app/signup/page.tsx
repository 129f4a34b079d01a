export { default } from '../sign-up/page';

export const dynamic = 'force-dynamic';
