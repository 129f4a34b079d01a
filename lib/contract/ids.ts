import { z } from 'zod';

/** A positive integer id taken from a path segment. */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);
export const IdParams = z.object({ id: Id });

/** A row id inside a JSON body: a whole number the integer columns hold (past it, PostgreSQL refuses the query). */
export const BodyId = z.number().int().positive().max(2_147_483_647);
