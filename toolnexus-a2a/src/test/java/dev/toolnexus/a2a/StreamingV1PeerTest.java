package dev.toolnexus.a2a;

/**
 * Our client against a real v1.0 agent that streams: every call follows {@code SubscribeToTask}.
 */
class StreamingV1PeerTest extends V1PeerTest {
  @Override
  boolean streaming() {
    return true;
  }
}
