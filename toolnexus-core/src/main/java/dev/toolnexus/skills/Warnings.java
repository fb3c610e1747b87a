package dev.toolnexus.skills;

import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Sends skill-source warnings to SLF4J and to the host's optional sink. */
final class Warnings implements Consumer<String> {
  private static final Logger log = LoggerFactory.getLogger(SkillSource.class);

  private final Consumer<String> sink;

  Warnings(Consumer<String> sink) {
    this.sink = sink;
  }

  @Override
  public void accept(String message) {
    log.warn("{}", message);
    if (sink != null) {
      try {
        sink.accept(message);
      } catch (RuntimeException e) {
        log.debug("skill warning sink failed", e);
      }
    }
  }
}
