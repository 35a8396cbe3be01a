/**
 * Was this a rejected DynamoDB condition? DynamoDB Local and DynamoDB both name it
 * ConditionalCheckFailedException; ElectroDB wraps it in its own error with the original as `cause`.
 * The one test of it in the product: every conditional write asks here.
 */
export function isConditionFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'ConditionalCheckFailedException') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Which items of a rejected transaction failed their condition: one boolean per item, in the
 * order they were sent, or null when the error is not a cancelled transaction (DynamoDB then
 * names each item's reason, `ConditionalCheckFailed` for a condition).
 */
export function failedConditions(error: unknown): boolean[] | null {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code === 'ConditionalCheckFailed');
}
