import type { Logger } from '@gw/platform';
import { logLevel, type LogEntry, type logCreator } from 'kafkajs';

/**
 * Protocol answers kafkajs logs as errors although they are the normal course of a consumer group:
 * every first JoinGroup is answered MEMBER_ID_REQUIRED, and every rebalance answers heartbeats and
 * commits with REBALANCE_IN_PROGRESS. They go to debug so a real error stays visible.
 */
const ROUTINE_GROUP_ANSWERS = [
  'The group member needs to have a valid member id',
  'The group is rebalancing, so a rejoin is needed',
  'The coordinator is not aware of this member',
  'Specified group generation id is not valid',
];

function isRoutine(entry: LogEntry): boolean {
  const error = (entry.log as { error?: unknown }).error;
  return typeof error === 'string' && ROUTINE_GROUP_ANSWERS.some((answer) => error.startsWith(answer));
}

/** The kafkajs level that lets through what the pino logger would print, and nothing more. */
export function kafkaLogLevelFor(logger: Logger): logLevel {
  if (logger.isLevelEnabled('debug')) return logLevel.DEBUG;
  if (logger.isLevelEnabled('info')) return logLevel.INFO;
  if (logger.isLevelEnabled('warn')) return logLevel.WARN;
  if (logger.isLevelEnabled('error')) return logLevel.ERROR;
  return logLevel.NOTHING;
}

/** Sends kafkajs' own logging (otherwise printed as JSON on the console) into our pino logger. */
export function pinoLogCreator(logger: Logger): logCreator {
  const kafkaLogger = logger.child({ component: 'kafkajs' });
  return () => (entry) => {
    const { message, timestamp: _timestamp, logger: _name, ...details } = entry.log;
    const fields = { namespace: entry.namespace, ...details };
    if (entry.level === logLevel.ERROR && !isRoutine(entry)) kafkaLogger.error(fields, message);
    else if (entry.level === logLevel.ERROR || entry.level === logLevel.DEBUG)
      kafkaLogger.debug(fields, message);
    else if (entry.level === logLevel.WARN) kafkaLogger.warn(fields, message);
    else if (entry.level === logLevel.INFO) kafkaLogger.info(fields, message);
  };
}
