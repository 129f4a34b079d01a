/**
 * Without a file of its own, the build of this app picks up the product's instrumentation.ts from the folder above
 * (which starts the outbox runner): the yardstick must start nothing.
 */
export function register(): void {}
