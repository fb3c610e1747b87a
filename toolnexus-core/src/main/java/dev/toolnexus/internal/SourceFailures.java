package dev.toolnexus.internal;

import dev.toolnexus.SourceStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Names every source (and every failed part of one) that is not fully up, for a strict toolkit
 * build's error: {@code skills: skills folder not found: ./skills; mcp/weather: ...}.
 */
public final class SourceFailures {
  private SourceFailures() {}

  /** Each failed or partial source with its reason, joined by {@code "; "}; empty when none. */
  public static String describe(Map<String, SourceStatus> status) {
    List<String> out = new ArrayList<>();
    status.forEach((id, st) -> add(out, id, st));
    return String.join("; ", out);
  }

  private static void add(List<String> out, String id, SourceStatus st) {
    if (st.state() != SourceStatus.State.FAILED && st.state() != SourceStatus.State.PARTIAL) {
      return;
    }
    List<String> parts = new ArrayList<>();
    st.parts()
        .forEach(
            (name, part) -> {
              if (part.state() == SourceStatus.State.FAILED
                  || part.state() == SourceStatus.State.PARTIAL) {
                parts.add(
                    id
                        + "/"
                        + name
                        + ": "
                        + (part.reason() == null ? part.state().id() : part.reason()));
              }
            });
    if (parts.isEmpty()) {
      out.add(id + ": " + (st.reason() == null ? st.state().id() : st.reason()));
    } else {
      out.addAll(parts);
    }
  }
}
