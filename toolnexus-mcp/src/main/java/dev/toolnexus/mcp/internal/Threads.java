package dev.toolnexus.mcp.internal;

import java.lang.reflect.Method;

/**
 * Starts helper threads: virtual threads on JDK 21+ (found by reflection, since we compile for 17),
 * daemon platform threads otherwise. None of them keeps the JVM alive.
 */
public final class Threads {
  private static final Method OF_VIRTUAL = find("ofVirtual");
  private static final Method NAME = builderMethod("name", String.class);
  private static final Method START = builderMethod("start", Runnable.class);

  private Threads() {}

  /** Starts {@code task} on a new virtual (or daemon) thread with this name. */
  public static Thread start(String name, Runnable task) {
    if (OF_VIRTUAL != null && NAME != null && START != null) {
      try {
        Object builder = OF_VIRTUAL.invoke(null);
        builder = NAME.invoke(builder, name);
        return (Thread) START.invoke(builder, task);
      } catch (ReflectiveOperationException | RuntimeException e) {
        // fall through to a platform thread
      }
    }
    return daemon(name, task);
  }

  /** Starts {@code task} on a new daemon platform thread (for blocking stream reads). */
  public static Thread daemon(String name, Runnable task) {
    Thread t = new Thread(task, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static Method find(String name) {
    try {
      return Thread.class.getMethod(name);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static Method builderMethod(String name, Class<?> arg) {
    try {
      return Class.forName("java.lang.Thread$Builder").getMethod(name, arg);
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }
}
