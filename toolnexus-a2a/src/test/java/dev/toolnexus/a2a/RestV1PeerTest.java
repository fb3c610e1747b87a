package dev.toolnexus.a2a;

/** Our client against a real v1.0 agent whose card offers only the HTTP+JSON binding. */
class RestV1PeerTest extends V1PeerTest {
  @Override
  boolean rest() {
    return true;
  }
}
