package dev.toolnexus.a2a;

/** Our client against a real v1.0 agent that streams over the HTTP+JSON binding only. */
class StreamingRestV1PeerTest extends V1PeerTest {
  @Override
  boolean rest() {
    return true;
  }

  @Override
  boolean streaming() {
    return true;
  }
}
