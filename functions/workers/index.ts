/**
 * The workers domain's public face: the queue workers (functions/workers/notify.ts, their own
 * Lambdas behind SQS) and the markers that make them idempotent. Nothing of it names a user.
 */
