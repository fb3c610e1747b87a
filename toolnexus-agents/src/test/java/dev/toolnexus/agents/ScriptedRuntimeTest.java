package dev.toolnexus.agents;

import dev.toolnexus.time.VirtualScheduler;
import java.io.IOException;
import java.util.Collection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the runtime tests share: a scripted model opened before each test, a runtime builder over it
 * on a virtual clock, and the runtime a test built closed with the model after it.
 */
abstract class ScriptedRuntimeTest {
  /** The model of the running test. */
  ScriptedModel model;

  /** The runtime the running test built; closed after it. */
  AgentRuntime rt;

  /** The model each test starts with; a test class that scripts concurrency returns its own. */
  ScriptedModel newModel() throws IOException {
    return new ScriptedModel();
  }

  @BeforeEach
  void openModel() throws IOException {
    model = newModel();
  }

  @AfterEach
  void closeRuntimeAndModel() {
    if (rt != null) {
      rt.close();
    }
    model.close();
  }

  /** A runtime over {@code defs} on the scripted model and a virtual clock. */
  AgentRuntime.Builder runtimeWith(Collection<AgentDef> defs) {
    return AgentRuntime.builder(Fixture.host(model)).agents(defs).scheduler(new VirtualScheduler());
  }
}
