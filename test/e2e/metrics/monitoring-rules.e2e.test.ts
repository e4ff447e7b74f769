import { priceAgeMetrics, priceSourceMetrics } from '@gw/platform';
import { parser } from '@prometheus-io/lezer-promql';
import { watcherMetrics } from '../../../services/chain/src/watchers/watcher-metrics';
import { loadYaml, readRepoFile } from '../../deploy/support/repo-files';
import { startTestGateway, type TestGateway } from '../../support/gateway';

const ALERTS = 'deploy/monitoring/alerts.yaml';
const DASHBOARD = 'deploy/monitoring/grafana-dashboard.json';

interface AlertRule {
  alert: string;
  expr: string;
  for: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

/** Parses a PromQL expression with Prometheus' own grammar; returns its syntax errors and the metrics it selects. */
function readPromql(expr: string): { errors: string[]; metrics: string[] } {
  const errors: string[] = [];
  const metrics: string[] = [];
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError)
        errors.push(`syntax error at ${node.from}: "${expr.slice(node.from, node.from + 20)}"`);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        metrics.push(expr.slice(node.from, node.to));
    },
  });
  return { errors, metrics };
}

/** Every series name a `/metrics` text can hold, from its `# TYPE` lines (a histogram is three series). */
function seriesNamesOf(text: string): string[] {
  return [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
    type === 'histogram' || type === 'summary'
      ? [`${name!}_bucket`, `${name!}_sum`, `${name!}_count`]
      : [name!],
  );
}

describe('the alert rules and the Grafana dashboard', () => {
  let gateway: TestGateway;
  let exported: Set<string>;

  beforeAll(async () => {
    gateway = await startTestGateway();
    const scraped = await (await fetch(`${gateway.baseUrl}/metrics`)).text();
    // The embedded process runs every service but watches no node and has no live price source: the chain
    // watchers' metrics, the live prices' ages and the price sources' health come from their registries.
    const priceAges = priceAgeMetrics({ maxAgeSeconds: 600, ages: async () => [] });
    const priceSources = priceSourceMetrics({
      spreadLimitPercent: '2',
      health: async () => [
        { source: 'kraken', up: true, lastSuccessAt: '2026-11-25T10:00:00.000Z', failuresTotal: 0 },
      ],
      disagreements: async () => ({ btc: { spreadPercent: '3.1' } }),
    });
    exported = new Set([
      ...seriesNamesOf(scraped),
      ...seriesNamesOf(await watcherMetrics([]).metrics()),
      ...seriesNamesOf(await priceAges.metrics()),
      ...seriesNamesOf(await priceSources.metrics()),
    ]);
  });
  afterAll(async () => {
    await gateway.stop();
  });

  const rules = (loadYaml(ALERTS) as { groups: { name: string; rules: AlertRule[] }[] }).groups.flatMap(
    (group) => group.rules,
  );
  const dashboard = JSON.parse(readRepoFile(DASHBOARD)) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  const queries = dashboard.panels.flatMap((panel) =>
    panel.targets.map((target, i) => [`${panel.title} #${i + 1}`, target.expr] as const),
  );

  it('alert on dying webhooks, growing lag, a node behind, the 5xx rate, stale prices, dead letters and refusals', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'WebhooksDying',
        'ConsumerLagGrowing',
        'ChainWatcherBehind',
        'Http5xxRate',
        'PricesStale',
        'BusDeadLetters',
        'RateLimitRefusals',
      ]),
    );
  });

  it.each(rules.map((rule) => [rule.alert, rule] as const))('%s is a complete rule', (_name, rule) => {
    expect(rule.alert).toMatch(/^[A-Z][A-Za-z0-9]+$/);
    expect(rule.for).toMatch(/^\d+[smh]$/);
    expect(['critical', 'warning']).toContain(rule.labels.severity);
    expect(rule.annotations.summary).toEqual(expect.any(String));
    expect(Object.keys(rule).sort()).toEqual(['alert', 'annotations', 'expr', 'for', 'labels']);
  });

  it.each([...rules.map((rule) => [`alert ${rule.alert}`, rule.expr] as const), ...queries])(
    '%s parses and selects only metrics the services export',
    (_name, expr) => {
      const { errors, metrics } = readPromql(expr);
      expect(errors).toEqual([]);
      expect(metrics.length).toBeGreaterThan(0);
      expect(metrics.filter((metric) => !exported.has(metric))).toEqual([]);
    },
  );

  it('the checker refuses a broken expression and an unknown metric', () => {
    expect(readPromql('sum(rate(payments_created_total[5m])').errors).not.toEqual([]);
    expect(readPromql('rate(payments_made_total[5m])').metrics.filter((m) => !exported.has(m))).toEqual([
      'payments_made_total',
    ]);
  });
});
