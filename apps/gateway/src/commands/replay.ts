import { createLogger, loadConfig, type EnvSource, type GatewayConfig } from '@gw/platform';
import { Projector } from '@gw/service-projector';
import type { EventStore, ReadModelStore } from '@gw/store';
import { COLLECTIONS } from '@gw/views';
import { buildInfrastructure } from '../infrastructure';
import { describeRebuildProgress, RebuildProgress } from '../rebuild-progress';

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
  onProgress?: (applied: number) => void,
): Promise<ReplaySummary> {
  const startedAt = Date.now();
  const events = await new Projector(readModels).rebuild(eventStore.readAll(), onProgress);
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

/** Replay refused before anything was dropped: nobody confirmed it. */
export class ReplayNotConfirmedError extends Error {
  override readonly name = 'ReplayNotConfirmedError';
}

export interface ReplayOptions {
  /** `--yes`: go ahead without asking (scripts). */
  yes?: boolean;
  /** Asks the person at the terminal; null when there is none to ask. */
  confirm?: ((question: string) => Promise<boolean>) | null;
  /** The summary. */
  out?: NodeJS.WritableStream;
  /** Progress lines, for the person waiting. */
  terminal?: NodeJS.WritableStream;
  now?: () => number;
}

const storeOf = (config: GatewayConfig): string =>
  config.engines
    ? `MongoDB database "${config.engines.mongodbDb}"`
    : `the embedded store in ${config.dataDir}`;

/**
 * `gateway replay`: rebuilds the read models of the configured store (DATA_DIR embedded, or the engines),
 * after a yes from the terminal or `--yes`. Run it with the projector stopped: events it applies
 * meanwhile to a dropped document are lost until that document's next event.
 * Returns null when the person at the terminal said no.
 */
export async function replayCommand(
  env: EnvSource = process.env,
  options: ReplayOptions = {},
): Promise<ReplaySummary | null> {
  const { out = process.stdout, terminal = process.stderr, confirm = null, now = Date.now } = options;
  const config = loadConfig(env);
  const logger = createLogger({ level: config.logLevel, service: 'replay' });
  const infra = await buildInfrastructure(config, logger);
  try {
    const total = await infra.eventStore.countEvents();
    const plan = `drop the read models of ${storeOf(config)} and rebuild them from its ${total} events`;
    if (!options.yes) {
      if (confirm === null)
        throw new ReplayNotConfirmedError(
          `gateway replay would ${plan}; with no terminal to ask on, confirm with --yes`,
        );
      if (!(await confirm(`This will ${plan} (stop the projectors first). Go on? [y/N] `))) {
        terminal.write('Nothing was changed.\n');
        return null;
      }
    }
    const progress = new RebuildProgress(
      total,
      (report) => terminal.write(`${describeRebuildProgress(report)}\n`),
      now,
    );
    const summary = await replayReadModels(infra.eventStore, infra.readModels, progress.onApplied);
    out.write(describeReplay(summary, infra.readModelsAreEphemeral));
    return summary;
  } finally {
    await infra.close();
  }
}
