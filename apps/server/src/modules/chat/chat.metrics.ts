import { latencyBuckets, type Metrics } from '@/core/metrics';

/** What the chat counts and times (docs/operations.md). */
export type ChatMetrics = ReturnType<typeof createChatMetrics>;

export function createChatMetrics(metrics: Metrics) {
  return {
    sent: metrics.counter('chat_messages_sent_total', 'Chat messages stored (a retried send is not counted again).'),
    refused: metrics.counter(
      'chat_sends_refused_total',
      'Chat sends refused because the queue of sends was past its time budget (answered with a retry time).',
    ),
    batchSize: metrics.histogram(
      'chat_send_batch_size',
      'Sends written together in one batch (group commit).',
      [1, 2, 4, 8, 16, 32, 64, 128, 256],
    ),
    deliverySeconds: metrics.histogram(
      'chat_delivery_seconds',
      'From a socket send arriving to its message being broadcast to the room.',
      latencyBuckets,
    ),
  };
}
