import { z } from 'zod';

/**
 * The declared answer of a 204: no body. Declaring it keeps every success status of a route in
 * its schema; a handler that tried to send a body with a 204 fails serialization instead.
 */
export const noContentResponseSchema = z.undefined();
