import { kafkaClient, type KafkaConnection } from '../kafka/kafka-client';

/**
 * Deletes the topics and consumer groups a run left under its KAFKA_TOPIC_PREFIX on a shared broker,
 * never touching another prefix.
 */
export async function deleteKafkaNamespace(
  connection: Omit<KafkaConnection, 'clientId'>,
  prefix: string,
): Promise<void> {
  const admin = kafkaClient({ ...connection, clientId: 'namespace-cleanup' }).admin();
  // Connect inside the try: a failed connect must still disconnect, or the client lingers.
  try {
    await admin.connect();
    const { groups } = await admin.listGroups();
    const groupIds = groups.map((group) => group.groupId).filter((id) => id.startsWith(prefix));
    if (groupIds.length > 0) await admin.deleteGroups(groupIds).catch(() => undefined);
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
