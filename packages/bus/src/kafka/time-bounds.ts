export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Settles with `work`, or rejects with `onTimeout()` if `work` has not settled after `ms`. */
export async function within<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Retries `work` while it fails with an error kafkajs marks retriable (a new topic whose leaders are
 * not settled, a coordinator moving), which some admin calls such as fetchTopicOffsets do not retry.
 */
export async function retryRetriable<T>(work: () => Promise<T>, attempts = 10, delayMs = 100): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const retriable = (error as { retriable?: unknown }).retriable === true;
      if (!retriable || attempt >= attempts) throw error;
      await sleep(delayMs * attempt);
    }
  }
}
