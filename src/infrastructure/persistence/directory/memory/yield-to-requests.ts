/**
 * Lets the event loop run pending I/O (requests answered from the copy in service) between two
 * parts of a load: a load runs on the thread that answers requests, and each synchronous part of
 * it is a pause for every request that arrives meanwhile.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
