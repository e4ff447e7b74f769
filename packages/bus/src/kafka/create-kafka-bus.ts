import { KafkaBus, type KafkaBusOptions } from './kafka-bus';

/** A started Kafka bus: connected, with the declared topics and their dead-letter topics created. */
export async function createKafkaBus(options: KafkaBusOptions): Promise<KafkaBus> {
  const bus = new KafkaBus(options);
  try {
    await bus.start();
  } catch (error) {
    await bus.close();
    throw error;
  }
  return bus;
}
