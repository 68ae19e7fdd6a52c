/** Resolves when `promise` settles or after `maxWaitMs`, whichever comes first; never rejects. */
export function settleWithin(promise: Promise<unknown>, maxWaitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
