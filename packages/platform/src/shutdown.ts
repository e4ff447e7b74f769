import type { Logger } from 'pino';

export interface StopHandler {
  name: string;
  stop: () => Promise<void> | void;
}

/** The part of `process` shutdown needs, so tests can send signals without touching the real process. */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: () => void): unknown;
  off(signal: NodeJS.Signals, listener: () => void): unknown;
}

export interface ShutdownOptions {
  logger: Logger;
  /** Time for all stop functions together; after it the process exits with code 1. Default 15 s. */
  deadlineMs?: number;
  signals?: readonly NodeJS.Signals[];
  source?: SignalSource;
  exit?: (code: number) => void;
}

export interface Shutdown {
  /** Adds a stop function; it runs before those registered earlier. */
  register(handler: StopHandler): void;
  /** Runs the shutdown (as a signal would) and resolves with the exit code once exit was called. */
  run(reason: string): Promise<number>;
  /** Removes the signal listeners without shutting down. */
  dispose(): void;
}

/**
 * Stops what was started in reverse order of starting (servers before the bus they publish to), once,
 * on the first SIGINT or SIGTERM; later signals are logged and ignored. A stop function that throws is
 * logged and the rest still run; exit code 1 then, or when the deadline passes.
 */
export function onShutdown(handlers: readonly StopHandler[], options: ShutdownOptions): Shutdown {
  const registered = [...handlers];
  const { logger } = options;
  const deadlineMs = options.deadlineMs ?? 15_000;
  const signals = options.signals ?? ['SIGINT', 'SIGTERM'];
  const source = options.source ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let running: Promise<number> | null = null;

  const stopAll = async (): Promise<number> => {
    let code = 0;
    for (const handler of [...registered].reverse()) {
      const started = Date.now();
      try {
        await handler.stop();
        logger.info({ component: handler.name, durationMs: Date.now() - started }, 'stopped');
      } catch (error) {
        code = 1;
        logger.error({ component: handler.name, err: error }, 'failed to stop cleanly');
      }
    }
    return code;
  };

  const run = (reason: string): Promise<number> => {
    if (running) {
      logger.warn({ reason }, 'already shutting down');
      return running;
    }
    logger.info({ reason, deadlineMs }, 'shutting down');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        logger.error({ deadlineMs }, 'shutdown deadline passed; exiting with work still running');
        resolve(1);
      }, deadlineMs);
    });
    running = Promise.race([stopAll(), deadline]).then((code) => {
      clearTimeout(timer);
      dispose();
      logger.info({ code }, 'exiting');
      exit(code);
      return code;
    });
    return running;
  };

  const listeners = signals.map((signal) => [signal, () => void run(signal)] as const);
  for (const [signal, listener] of listeners) source.on(signal, listener);

  function dispose(): void {
    for (const [signal, listener] of listeners) source.off(signal, listener);
  }

  return {
    register: (handler) => {
      registered.push(handler);
    },
    run,
    dispose,
  };
}
