package dev.toolnexus.server.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.eclipse.jetty.util.VirtualThreads;

/** Where served tool calls run: a virtual thread each on JDK 21+, else pooled daemon threads. */
public final class CallThreads {
  private static final Executor EXECUTOR = create();

  private CallThreads() {}

  /** The executor for tool calls. */
  public static Executor executor() {
    return EXECUTOR;
  }

  private static Executor create() {
    if (VirtualThreads.areSupported()) {
      Executor virtual = VirtualThreads.getNamedVirtualThreadsExecutor("toolnexus-mcp-call");
      if (virtual != null) {
        return virtual;
      }
    }
    ExecutorService pool =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "toolnexus-mcp-call");
              t.setDaemon(true);
              return t;
            });
    return pool;
  }
}
