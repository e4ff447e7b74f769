import { helmBinary, helmTemplate } from './support/helm';
import { buildKustomization } from './support/kustomize';
import { loadYaml, readRepoFile } from './support/repo-files';

type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface AlertRule {
  alert: string;
  expr: string;
  annotations: Record<string, string>;
}

const rules = (
  loadYaml('deploy/monitoring/alerts.yaml') as { groups: { rules: AlertRule[] }[] }
).groups.flatMap((group) => group.rules);
const dashboard = JSON.parse(readRepoFile('deploy/monitoring/grafana-dashboard.json')) as {
  panels: { title: string; targets?: { expr: string; legendFormat?: string }[] }[];
};
const expressions = [
  ...rules.map((rule) => [`alert ${rule.alert}`, rule.expr] as const),
  ...dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map((target, i) => [`panel ${panel.title} #${i + 1}`, target.expr] as const),
  ),
];
/** The anchors GitHub gives the headings of docs/runbooks.md. */
const runbookAnchors = new Set(
  [...readRepoFile('docs/runbooks.md').matchAll(/^#{2,3} (.+)$/gm)].map((match) =>
    match[1]!
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-'),
  ),
);

describe('alerts and dashboard', () => {
  it.each(rules.map((rule) => [rule.alert, rule] as const))('%s links its runbook section', (_name, rule) => {
    expect(rule.annotations.runbook_url).toBe(`docs/runbooks.md#${rule.alert.toLowerCase()}`);
    expect(runbookAnchors).toContain(rule.alert.toLowerCase());
  });

  it.each(expressions)(
    '%s reads consumer lag with max (every replica reports the group’s lag)',
    (_name, expr) => {
      const lagReads = [...expr.matchAll(/(\w+ by \([^)]*\) \()?(delta\()?bus_consumer_lag_messages/g)];
      for (const read of lagReads) expect(read[1]).toBe('max by (group, topic) (');
    },
  );

  it.each(expressions)(
    '%s groups by gateway_service, never by the Operator’s service label',
    (_name, expr) => {
      expect(expr).not.toMatch(/\bby \([^)]*\bservice\b/);
      expect(expr).not.toMatch(/[{,]\s*service\s*=/);
    },
  );

  it('names gateway_service in legends and summaries', () => {
    const texts = [
      ...dashboard.panels.flatMap((panel) =>
        (panel.targets ?? []).map((target) => target.legendFormat ?? ''),
      ),
      ...rules.map((rule) => rule.annotations.summary ?? ''),
    ];
    for (const text of texts) expect(text).not.toMatch(/\{\{\s*(\$labels\.)?service\s*}}/);
  });
});

describe('the Prometheus Operator objects', () => {
  const production = buildKustomization('deploy/kustomize/production');

  it('carry the release label kube-prometheus-stack selects by, in the production overlay', () => {
    for (const kind of ['ServiceMonitor', 'PrometheusRule'])
      expect(production.find((object) => object.kind === kind)!.metadata.labels.release).toBe(
        'kube-prometheus-stack',
      );
  });

  it(
    'in the chart, prefix each runbook with monitoring.runbookBaseUrl',
    () => {
      const rendered = helmTemplate(helmBinary(), {
        'monitoring.runbookBaseUrl': 'https://docs.example.com/cryptogate/',
      });
      const rule = rendered.find((object) => object.kind === 'PrometheusRule') as K8sObject;
      const urls = rule.spec.groups.flatMap((group: K8sObject) =>
        group.rules.map((r: K8sObject) => r.annotations.runbook_url as string),
      );
      expect(urls).toHaveLength(rules.length);
      for (const url of urls)
        expect(url).toMatch(/^https:\/\/docs\.example\.com\/cryptogate\/docs\/runbooks\.md#[a-z0-9]+$/);
    },
    30 * 60 * 1000,
  );
});
