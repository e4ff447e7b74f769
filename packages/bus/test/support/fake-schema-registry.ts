import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredSchema {
  id: number;
  schema: string;
  schemaType: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The few Confluent Schema Registry endpoints @kafkajs/confluent-schema-registry calls: subject
 * compatibility config (GET/PUT /config/{subject}), registration (POST /subjects/{subject}/versions)
 * and lookup by id (GET /schemas/ids/{id}). Ids are global and an identical schema keeps its id, as
 * in the real registry. Compatibility is not computed: a test marks a subject incompatible.
 */
export class FakeSchemaRegistry {
  readonly requests: RecordedRequest[] = [];
  readonly configs = new Map<string, string>();
  readonly subjects = new Map<string, number[]>();
  /** Subjects whose next new schema the registry refuses as incompatible (HTTP 409). */
  readonly incompatible = new Set<string>();
  /** While true every request is answered 503, as a registry that is down behind a load balancer. */
  unavailable = false;
  private readonly schemas: StoredSchema[] = [];
  private server: Server | undefined;
  private baseUrl = '';

  get url(): string {
    return this.baseUrl;
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  schemaById(id: number): StoredSchema | undefined {
    return this.schemas.find((stored) => stored.id === id);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text ? JSON.parse(text) : undefined;
    const path = new URL(request.url ?? '/', 'http://registry').pathname;
    const method = request.method ?? 'GET';
    this.requests.push({ method, path, body });
    const [status, answer] = this.unavailable
      ? [503, { error_code: 50301, message: 'unavailable' }]
      : this.route(method, path.split('/').slice(1).map(decodeURIComponent), body);
    response.writeHead(status, { 'content-type': 'application/vnd.schemaregistry.v1+json' });
    response.end(JSON.stringify(answer));
  }

  private route(method: string, segments: string[], body: unknown): [number, unknown] {
    const [resource, name, child, third] = segments;
    if (resource === 'config' && name !== undefined && method === 'GET') {
      const level = this.configs.get(name);
      return level === undefined
        ? [404, { error_code: 40401, message: `Subject '${name}' not found.` }]
        : [200, { compatibilityLevel: level }];
    }
    if (resource === 'config' && name !== undefined && method === 'PUT') {
      const { compatibility } = body as { compatibility: string };
      this.configs.set(name, compatibility);
      return [200, { compatibility }];
    }
    if (
      resource === 'subjects' &&
      name !== undefined &&
      child === 'versions' &&
      !third &&
      method === 'POST'
    ) {
      return this.register(name, body as { schema: string; schemaType?: string });
    }
    if (resource === 'schemas' && name === 'ids' && child !== undefined && method === 'GET') {
      const stored = this.schemaById(Number(child));
      return stored
        ? [200, { schema: stored.schema, schemaType: stored.schemaType }]
        : [404, { error_code: 40403, message: 'Schema not found' }];
    }
    return [404, { error_code: 404, message: `no route for ${method} /${segments.join('/')}` }];
  }

  private register(subject: string, body: { schema: string; schemaType?: string }): [number, unknown] {
    const schemaType = body.schemaType ?? 'AVRO';
    const versions = this.subjects.get(subject) ?? [];
    const same = (stored: StoredSchema) => stored.schema === body.schema && stored.schemaType === schemaType;
    const existingInSubject = versions.map((id) => this.schemaById(id)!).find(same);
    if (existingInSubject) return [200, { id: existingInSubject.id }];
    if (versions.length > 0 && this.incompatible.has(subject)) {
      return [
        409,
        {
          error_code: 409,
          message: `Schema being registered is incompatible with an earlier schema for subject "${subject}"`,
        },
      ];
    }
    let stored = this.schemas.find(same);
    if (!stored) {
      stored = { id: this.schemas.length + 1, schema: body.schema, schemaType };
      this.schemas.push(stored);
    }
    this.subjects.set(subject, [...versions, stored.id]);
    return [200, { id: stored.id }];
  }
}
