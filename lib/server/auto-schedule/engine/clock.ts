/** Milliseconds from an arbitrary origin. The search reads it before every step, so a test can play a busy machine. */
export type Clock = () => number;
