import { Child, MemorySampler } from '../runner/child-process';
import { round } from '../runner/load';
import type { StandaloneScenario } from '../runner/scenario';

interface NotifierReport {
  notifier: {
    live: {
      webhooksPerSecond: number;
      delayFromStatusChangeMs: { p50: number; p99: number; max: number };
    };
  };
  bareHttpClient: { webhooksPerSecond: number };
}

/**
 * bench/notifier.bench.ts in its own process: webhooks delivered per second while payments are
 * created, next to node's bare HTTP client posting the same payloads in the same run (its baseline).
 */
export const notifierScenario: StandaloneScenario = {
  kind: 'standalone',
  name: 'notifier',
  title: 'Notifier: webhooks delivered per second (baseline: bare HTTP client)',
  async run(settings) {
    const child = Child.start({
      name: 'notifier benchmark',
      script: 'bench/notifier.bench.ts',
      args: ['--payments', String(settings.notifierPayments)],
      env: settings.baseEnv,
    });
    const memory = new MemorySampler(child.pid);
    const started = Date.now();
    const code = await child.finished();
    const reading = await memory.stop();
    if (code !== 0) throw new Error(`the notifier benchmark failed:\n${child.printed()}`);
    const printed = child.printed();
    const report = JSON.parse(printed.slice(printed.indexOf('{'))) as NotifierReport &
      Record<string, unknown>;
    const live = report.notifier.live;
    return {
      requestsPerSecond: live.webhooksPerSecond,
      latencyMs: live.delayFromStatusChangeMs,
      requests: settings.notifierPayments,
      non2xx: 0,
      socketErrors: 0,
      durationSeconds: round((Date.now() - started) / 1000),
      connections: 8,
      memory: { 'gateway + notifier benchmark': reading },
      extra: {
        unit: 'webhooks delivered per second; latency is the delay from the status change to delivery',
        baselineRatio: round(live.webhooksPerSecond / report.bareHttpClient.webhooksPerSecond, 2),
        baselineIs: 'node http client posting the same webhooks to the same receiver (bareHttpClient)',
        report,
      },
    };
  },
};
