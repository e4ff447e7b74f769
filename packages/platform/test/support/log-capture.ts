import { createLogger, type Logger } from '../../src';

/** A real pino logger writing parsed lines into an array. */
export function captureLogger(service?: string): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: 'trace',
    service,
    destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
}
