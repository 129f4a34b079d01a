import { register } from 'node:module';

/**
 * The task PDF report (GET tasks/{id}/report) for a task with 20 phone-sized photos: reads the task, notes, files
 * and signature from a database and a storage folder, and renders the PDF, several times. Prints median and p95
 * of the whole call and of the render alone, the longest time the event loop was blocked, and the PDF's size.
 *
 *   npx tsx bench/task-report.ts [--runs 7] [--photos 20] [--main-thread]
 *
 * The render runs in the report's worker pool (tsx loads the worker's TypeScript too); --main-thread renders on
 * the main thread, as before the pool, to compare the event-loop block.
 *
 * The database is an in-memory PGlite and the files a temporary folder, both thrown away at the end. The photos
 * are 3000×2000 JPEGs of noisy content (~1.5–2.5 MB each), encoded with sharp (a dev dependency, also Next.js's image
 * optimiser): node has no JPEG encoder of its own.
 */
register('./lib/server-only-hooks.mjs', import.meta.url);
const { runTaskReportBench } = await import('./lib/task-report-run');
await runTaskReportBench(process.argv.slice(2));
