import { tracingEnvOf } from '../../bench/runner/tracing-env';

describe("the engine fleet's tracing variables", () => {
  it('are the OTEL_ variables of the environment, as they are, and nothing else', () => {
    expect(
      tracingEnvOf({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces',
        OTEL_TRACES_SAMPLER: 'always_on',
        OTEL_UNSET: undefined,
        MONGODB_URL: 'mongodb://127.0.0.1:27018/x',
        XOTEL_NOT: 'no',
      }),
    ).toEqual({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces',
      OTEL_TRACES_SAMPLER: 'always_on',
    });
  });
});
