/** What every command and event carries besides its data. Time and ids arrive here, never from inside the domain. */
export interface CommandMetadata {
  /** When the command was issued (ISO 8601); the domain's only notion of "now". */
  now: string;
  correlationId: string;
  causationId: string;
}

export interface Command<Type extends string, Data> {
  type: Type;
  data: Data;
  metadata: CommandMetadata;
}

export interface DomainEvent<Type extends string, Data> {
  type: Type;
  data: Data;
}
