import { unknownCallRoute } from '@/lib/server/http/route';

/** Every route under /api/web outranks this catch-all; whatever reaches it names no call. */
const unknownCall = unknownCallRoute();

export const GET = unknownCall;
export const POST = unknownCall;
export const PUT = unknownCall;
export const PATCH = unknownCall;
export const DELETE = unknownCall;
