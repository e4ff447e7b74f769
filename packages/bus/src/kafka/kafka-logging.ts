import type { Logger } from '@gw/platform';
import { logLevel, type LogEntry, type logCreator } from 'kafkajs';

/**
 * Protocol answers kafkajs logs as errors although they are the normal course of things: every first
 * JoinGroup is answered MEMBER_ID_REQUIRED, every rebalance answers heartbeats and commits with
 * REBALANCE_IN_PROGRESS, and a new topic's partitions answer NOT_LEADER for a moment. They go to
 * debug so a real error stays visible.
 */
const ROUTINE_ANSWERS = [
  'The group member needs to have a valid member id',
  'The group is rebalancing, so a rejoin is needed',
  'The coordinator is not aware of this member',
  'Specified group generation id is not valid',
  // Right after a topic is created or a leader moves; the callers retry.
  'This server is not the leader for that topic-partition',
];

function isRoutine(entry: LogEntry): boolean {
  const error = (entry.log as { error?: unknown }).error;
  const text = `${entry.log.message} ${typeof error === 'string' ? error : ''}`;
  return ROUTINE_ANSWERS.some((answer) => text.includes(answer));
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
    // A routine answer is logged one level lower than kafkajs chose: errors to debug, warnings to info.
    const routine = isRoutine(entry);
    if (entry.level === logLevel.ERROR) {
      if (routine) kafkaLogger.debug(fields, message);
      else kafkaLogger.error(fields, message);
    } else if (entry.level === logLevel.WARN) {
      if (routine) kafkaLogger.info(fields, message);
      else kafkaLogger.warn(fields, message);
    } else if (entry.level === logLevel.INFO) kafkaLogger.info(fields, message);
    else if (entry.level === logLevel.DEBUG) kafkaLogger.debug(fields, message);
  };
}
