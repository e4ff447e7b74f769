import type { Document } from 'mongodb';
import type { MongoEngine } from './mongo-connection';

/** How the server runs one find: for index checks in tests and for operators, not for the API. */
export interface QueryPlan {
  engine: MongoEngine;
  /** The server reads every document of the collection to answer. */
  collectionScan: boolean;
  /** Names of the indexes the plan reads. */
  indexes: string[];
  /** FerretDB only: whether the filter reached PostgreSQL at all. */
  filterPushdown?: boolean;
}

/** MongoDB: the winning plan's stage tree (classic `inputStage(s)` or SBE `queryPlan`). */
function mongoPlan(explain: Document): QueryPlan {
  const stages: Document[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const stage = node as Document;
    if (typeof stage.stage === 'string') stages.push(stage);
    for (const value of Object.values(stage)) walk(value);
  };
  walk(explain.queryPlanner?.winningPlan);
  return {
    engine: 'mongodb',
    collectionScan: stages.some((stage) => stage.stage === 'COLLSCAN'),
    indexes: [
      ...new Set(stages.flatMap((stage) => (typeof stage.indexName === 'string' ? [stage.indexName] : []))),
    ],
  };
}

/** FerretDB 1.24 on PostgreSQL: `queryPlanner.Plan` holds PostgreSQL's EXPLAIN (FORMAT JSON) node tree. */
function ferretPlan(explain: Document): QueryPlan {
  const plan: unknown = explain.queryPlanner?.Plan;
  const nodes: Document[] = [];
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    nodes.push(node as Document);
    for (const child of ((node as Document).Plans as unknown[] | undefined) ?? []) walk(child);
  };
  walk(plan);
  return {
    engine: 'ferretdb',
    collectionScan: nodes.some((node) => node['Node Type'] === 'Seq Scan'),
    indexes: [
      ...new Set(
        nodes.flatMap((node) => (typeof node['Index Name'] === 'string' ? [node['Index Name']] : [])),
      ),
    ],
    filterPushdown: explain.filterPushdown === true,
  };
}

export function queryPlanOf(engine: MongoEngine, explain: Document): QueryPlan {
  return engine === 'ferretdb' ? ferretPlan(explain) : mongoPlan(explain);
}
