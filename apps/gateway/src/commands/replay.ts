import { createLogger, loadConfig, type EnvSource } from '@gw/platform';
import { Projector } from '@gw/service-projector';
import type { EventStore, ReadModelStore } from '@gw/store';
import { COLLECTIONS } from '@gw/views';
import { buildInfrastructure } from '../infrastructure';

export interface ReplaySummary {
  events: number;
  durationMs: number;
  /** Documents per read-model collection after the rebuild. */
  documents: Record<string, number>;
}

/** Drops every read model and rebuilds it from the whole event store through the projector. */
export async function replayReadModels(
  eventStore: EventStore,
  readModels: ReadModelStore,
): Promise<ReplaySummary> {
  const startedAt = Date.now();
  const events = await new Projector(readModels).rebuild(eventStore.readAll());
  const durationMs = Date.now() - startedAt;
  const documents: Record<string, number> = {};
  for (const name of Object.values(COLLECTIONS))
    documents[name] = await readModels.collection(name).count({});
  return { events, durationMs, documents };
}

export function describeReplay(summary: ReplaySummary, readModelsAreEphemeral: boolean): string {
  const counts = Object.entries(summary.documents)
    .map(([name, count]) => `  ${name}: ${count}`)
    .join('\n');
  const note = readModelsAreEphemeral
    ? '\nThe embedded read models live in memory and are rebuilt at every start; this run checked that the\n' +
      'event store replays cleanly into them.\n'
    : '';
  return `Replayed ${summary.events} events into the read models in ${summary.durationMs} ms\n${counts}\n${note}`;
}

/**
 * `gateway replay`: rebuilds the read models of the configured store (DATA_DIR embedded, or the engines).
 * Run it with the projector stopped: events it applies meanwhile to a dropped document are lost until
 * that document's next event.
 */
export async function replayCommand(
  env: EnvSource = process.env,
  out: NodeJS.WritableStream = process.stdout,
): Promise<ReplaySummary> {
  const config = loadConfig(env);
  const logger = createLogger({ level: config.logLevel, service: 'replay' });
  const infra = await buildInfrastructure(config, logger);
  try {
    const summary = await replayReadModels(infra.eventStore, infra.readModels);
    out.write(describeReplay(summary, infra.readModelsAreEphemeral));
    return summary;
  } finally {
    await infra.close();
  }
}
