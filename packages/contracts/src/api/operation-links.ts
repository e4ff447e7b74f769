/**
 * An OpenAPI link: how a value in one answer feeds a parameter of another operation, so a client or
 * a fuzzer can follow a created payment to its lookups. Values are OpenAPI runtime expressions.
 */
export interface OperationLink {
  operationId: string;
  parameters: Record<string, string>;
}

export interface OperationResponse {
  description: string;
  schema: Record<string, unknown>;
  links?: Record<string, OperationLink>;
}
