package dev.toolnexus.server.a2a;

/** The compare-and-set updates of the in-memory store: every writer shares the one store. */
class InMemoryTaskUpdateTest extends TaskUpdateContract {
  private final InMemoryTaskStore store = new InMemoryTaskStore();

  @Override
  TaskStore open() {
    return store;
  }
}
