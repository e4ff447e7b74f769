import type { Consumer } from 'kafkajs';

/**
 * Calls `onFatal` when the consumer crashes for good. A crash kafkajs restarts from (a coordinator
 * still loading, a broker moving) is not one: the restarted consumer goes on from the committed
 * positions. Returns the listener's remover.
 */
export function onFatalCrash(consumer: Consumer, onFatal: (error: Error) => void): () => void {
  return consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (!payload.restart) onFatal(payload.error);
  });
}
