export { GET } from '../users/me/route';
