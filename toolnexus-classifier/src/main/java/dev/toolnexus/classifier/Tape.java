package dev.toolnexus.classifier;

import dev.toolnexus.Json;
import dev.toolnexus.classifier.internal.Wire;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Records a live classifier's decisions under call names once, then replays them with no network:
 * the deterministic judgements CI runs. Save a tape to a file after recording and load it in tests.
 *
 * <pre>{@code
 * Tape tape = Tape.recording(live);
 * Judge.ask(tape.record("triage"), state, questions);
 * tape.save(Path.of("src/test/resources/triage.tape.json"));
 * // later, offline:
 * Classifier replay = Tape.load(path).replay("triage");
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class Tape {
  private static final String MODEL = "tape";

  private final Classifier live;
  private final Map<String, RecordedDecision> entries;

  private Tape(Classifier live, Map<String, RecordedDecision> entries) {
    this.live = live;
    this.entries = Collections.synchronizedMap(new LinkedHashMap<>(entries));
  }

  /** A tape that records every decision {@code live} makes through {@link #record}. */
  public static Tape recording(Classifier live) {
    return new Tape(Objects.requireNonNull(live, "live"), Map.of());
  }

  /**
   * A tape that records through {@code live} on top of saved entries (a tape file being extended),
   * a new recording under a saved call name replacing it.
   */
  public static Tape recording(Classifier live, Map<String, RecordedDecision> saved) {
    return new Tape(Objects.requireNonNull(live, "live"), saved);
  }

  /** A replay-only tape over saved entries, call name to recorded decision. */
  public static Tape replaying(Map<String, RecordedDecision> entries) {
    return new Tape(null, entries);
  }

  /**
   * A replay-only tape read from a file written by {@link #save}.
   *
   * @throws UncheckedIOException when the file cannot be read
   * @throws IllegalArgumentException when the file is not a tape
   */
  @SuppressWarnings("unchecked")
  public static Tape load(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, Object> root = Json.parseObject(text);
    if (!(root.get("calls") instanceof Map<?, ?> calls)) {
      throw new IllegalArgumentException("tape: " + file + " has no calls object");
    }
    Map<String, RecordedDecision> entries = new LinkedHashMap<>();
    calls.forEach(
        (name, v) -> {
          Map<String, Object> e = (Map<String, Object>) v;
          entries.put(
              String.valueOf(name),
              new RecordedDecision(
                  e.get("state"),
                  Wire.readQuestions(e.get("questions")),
                  (Map<String, Object>) e.get("response")));
        });
    return replaying(entries);
  }

  /**
   * Writes every recorded call to {@code file} as JSON.
   *
   * @throws UncheckedIOException when the file cannot be written
   */
  public void save(Path file) {
    Map<String, Object> calls = new LinkedHashMap<>();
    synchronized (entries) {
      entries.forEach(
          (name, e) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("state", e.state());
            m.put("questions", Wire.questions(e.questions()));
            m.put("response", e.response());
            calls.put(name, m);
          });
    }
    try {
      Files.writeString(
          file, Json.writePretty(Map.of("calls", calls)) + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The recorded calls, call name to recorded decision. */
  public Map<String, RecordedDecision> entries() {
    synchronized (entries) {
      return Map.copyOf(entries);
    }
  }

  /**
   * A classifier that evaluates on the live classifier and records each decision under {@code call}
   * (the latest wins).
   *
   * @throws IllegalStateException on a replay-only tape
   */
  public Classifier record(String call) {
    if (live == null) {
      throw new IllegalStateException("tape: a replaying tape has no live classifier to record");
    }
    return Classifier.create(
        ClassifierOptions.builder()
            .evaluator(
                (state, questions, cancel) -> {
                  Decision d = live.evaluate(state, questions, cancel);
                  entries.put(call, new RecordedDecision(state, questions, Wire.encode(d)));
                  return d;
                })
            .build());
  }

  /**
   * A classifier answering from the decision recorded under {@code call}, with no network. Getting
   * it never fails; evaluating an unknown call fails and sends nothing.
   */
  public Classifier replay(String call) {
    return Classifier.create(
        ClassifierOptions.builder()
            .evaluator(
                (state, questions, cancel) -> {
                  RecordedDecision rec = entries.get(call);
                  if (rec == null) {
                    throw new ClassifierException(
                        "tape: no recorded decision for call \"" + call + "\"");
                  }
                  return Classifier.fromRecorded(MODEL, List.of(rec))
                      .evaluate(state, questions, cancel);
                })
            .build());
  }
}
