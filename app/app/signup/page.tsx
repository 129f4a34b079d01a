export { default, dynamic } from '../sign-up/page';
