package dev.toolnexus.mcp.internal;

import java.lang.reflect.Method;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Quiets the MCP SDK's INFO line that prints each server's whole instructions text (often dozens of
 * lines) when it connects; toolnexus logs them at DEBUG instead. SLF4J has no API to set a level,
 * so this sets WARN for that one logger on the common backends, and only where the host has not
 * configured it: slf4j-simple (a system property read when the logger is created), Logback (a
 * logger without its own level) and java.util.logging (when SLF4J writes to it).
 */
final class SdkLogging {
  /** The SDK class that logs the instructions at INFO. */
  static final String INITIALIZER = "io.modelcontextprotocol.client.LifecycleInitializer";

  private static final String SIMPLE_KEY = "org.slf4j.simpleLogger.log." + INITIALIZER;
  // java.util.logging keeps loggers weakly; the level must outlive this method.
  private static java.util.logging.Logger julLogger;
  private static boolean done;

  private SdkLogging() {}

  /** Applies the quieting once, before the first SDK client is built. */
  static synchronized void quietInstructions() {
    if (done) {
      return;
    }
    done = true;
    try {
      if (System.getProperty(SIMPLE_KEY) == null) {
        System.setProperty(SIMPLE_KEY, "warn");
      }
      Logger logger = LoggerFactory.getLogger(INITIALIZER);
      // java.util.logging only when SLF4J writes to it (slf4j-jdk14): touching it otherwise
      // initialises its LogManager (configuration file, ~40 classes) for nothing
      String backend = logger.getClass().getName();
      if (backend.startsWith("org.slf4j.jul.") || backend.endsWith(".JDK14LoggerAdapter")) {
        julLogger = java.util.logging.Logger.getLogger(INITIALIZER);
        if (julLogger.getLevel() == null) {
          julLogger.setLevel(java.util.logging.Level.WARNING);
        }
      }
      if (logger.getClass().getName().equals("ch.qos.logback.classic.Logger")) {
        Method getLevel = logger.getClass().getMethod("getLevel");
        if (getLevel.invoke(logger) == null) {
          Class<?> level =
              Class.forName(
                  "ch.qos.logback.classic.Level", false, logger.getClass().getClassLoader());
          logger
              .getClass()
              .getMethod("setLevel", level)
              .invoke(logger, level.getField("WARN").get(null));
        }
      }
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      // Best effort: at worst the SDK's INFO line stays.
    }
  }
}
