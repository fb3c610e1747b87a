package dev.toolnexus.builtins;

import java.lang.reflect.Method;

/**
 * Starts helper threads: virtual threads when the running JDK has them (found by reflection, since
 * the code is compiled for Java 17), daemon platform threads otherwise.
 */
final class Threads {
  private static final Method OF_VIRTUAL = find();

  private Threads() {}

  private static Method find() {
    try {
      return Thread.class.getMethod("startVirtualThread", Runnable.class);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  static Thread start(String name, Runnable task) {
    if (OF_VIRTUAL != null) {
      try {
        return (Thread) OF_VIRTUAL.invoke(null, task);
      } catch (ReflectiveOperationException | RuntimeException e) {
        // fall through to a platform thread
      }
    }
    Thread t = new Thread(task, name);
    t.setDaemon(true);
    t.start();
    return t;
  }
}
