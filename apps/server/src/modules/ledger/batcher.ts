/**
 * Gathers posted transfers that arrive while a batch is in flight and sends them together: one
 * round trip and one commit for many bets instead of one each. A transfer that arrives when
 * nothing is in flight goes at once, so a quiet server adds no delay.
 */
export function createBatcher<Item, Outcome>(options: {
  /** Most items in one batch; the rest wait for the next. */
  maxBatchSize: number;
  /** Batches in flight at once. */
  maxInFlight: number;
  /** Most items waiting for a batch; more are refused with `overflowError` rather than queued. */
  maxQueued?: number;
  overflowError?: () => unknown;
  /** Carries out one batch; answers one outcome per item, in order. */
  run: (items: Item[]) => Promise<Outcome[]>;
}) {
  const queue: { item: Item; resolve: (outcome: Outcome) => void; reject: (e: unknown) => void }[] =
    [];
  let inFlight = 0;

  function flush() {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatchSize);
      inFlight += 1;
      options
        .run(batch.map((entry) => entry.item))
        .then(
          (outcomes) => {
            batch.forEach((entry, index) => {
              entry.resolve(outcomes[index] as Outcome);
            });
          },
          (error) => {
            for (const entry of batch) entry.reject(error);
          },
        )
        .finally(() => {
          inFlight -= 1;
          flush();
        });
    }
  }

  return (item: Item): Promise<Outcome> =>
    new Promise<Outcome>((resolve, reject) => {
      if (queue.length >= (options.maxQueued ?? Number.POSITIVE_INFINITY)) {
        reject(options.overflowError?.() ?? new Error('batch queue full'));
        return;
      }
      queue.push({ item, resolve, reject });
      flush();
    });
}
