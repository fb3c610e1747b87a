package dev.toolnexus.a2a;

/**
 * Our client against a real v0.3 agent that streams: every call follows {@code tasks/resubscribe}.
 */
class StreamingV03PeerTest extends V03PeerTest {
  @Override
  boolean streaming() {
    return true;
  }
}
