package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.a2a.internal.Wire;
import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.TaskFilter;
import dev.toolnexus.server.a2a.TaskState;
import dev.toolnexus.server.a2a.TaskStore;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ListTasks}: the store's tasks matching {@code contextId}, {@code status} and {@code
 * statusTimestampAfter}, newest change first (ties by id), a page of {@code pageSize} (1 to 100,
 * default 50) after the opaque {@code pageToken}. Artifacts are left out unless {@code
 * includeArtifacts} is true; {@code historyLength} keeps the newest messages.
 */
final class TaskListing {
  static final int DEFAULT_PAGE_SIZE = 50;
  static final int MAX_PAGE_SIZE = 100;

  private TaskListing() {}

  /**
   * The listing's result for {@code params}.
   *
   * @throws RpcError naming a parameter that is wrong, or when the store cannot list
   */
  static Map<String, Object> list(TaskStore store, Dialect d, Map<String, Object> params) {
    TaskFilter filter = filter(params);
    int pageSize = pageSize(params.get("pageSize"));
    Cursor after = Cursor.parse(params.get("pageToken"));
    List<Keyed> tasks = new ArrayList<>();
    try {
      for (A2aTask t : store.list(filter)) {
        tasks.add(new Keyed(Instant.parse(t.timestamp()), t));
      }
    } catch (UnsupportedOperationException e) {
      throw new RpcError(Wire.UNSUPPORTED_OPERATION, e.getMessage());
    }
    tasks.sort((a, b) -> order(a.at(), a.task().id(), b.at(), b.task().id()));
    int start = 0;
    if (after != null) {
      while (start < tasks.size() && !after.isBefore(tasks.get(start))) {
        start++;
      }
    }
    int end = Math.min(tasks.size(), start + pageSize);
    Integer history = params.get("historyLength") instanceof Number n ? n.intValue() : null;
    boolean artifacts = Boolean.TRUE.equals(params.get("includeArtifacts"));
    List<Object> page = new ArrayList<>();
    for (Keyed k : tasks.subList(start, end)) {
      A2aTask t = k.task();
      Map<String, Object> shaped = TaskShapes.task(d, t, history);
      if (!artifacts) {
        shaped.remove("artifacts");
      } else {
        shaped.putIfAbsent("artifacts", List.of());
      }
      page.add(shaped);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("tasks", page);
    out.put(
        "nextPageToken",
        end < tasks.size()
            ? new Cursor(tasks.get(end - 1).at(), tasks.get(end - 1).task().id()).token()
            : "");
    out.put("pageSize", pageSize);
    out.put("totalSize", tasks.size());
    return out;
  }

  private static TaskFilter filter(Map<String, Object> params) {
    String context = params.get("contextId") instanceof String s && !s.isBlank() ? s : null;
    TaskState state = null;
    if (params.get("status") instanceof String s
        && !s.isBlank()
        && !s.equals("TASK_STATE_UNSPECIFIED")) {
      try {
        state = TaskState.of(s);
      } catch (IllegalArgumentException e) {
        throw RpcError.invalidParams("params.status: unknown task state " + s);
      }
    }
    Instant since = null;
    if (params.get("statusTimestampAfter") instanceof String s && !s.isBlank()) {
      try {
        since = Instant.parse(s);
      } catch (DateTimeParseException e) {
        throw RpcError.invalidParams(
            "params.statusTimestampAfter must be an RFC 3339 timestamp, got " + s);
      }
    }
    return new TaskFilter(context, state, since);
  }

  private static int pageSize(Object value) {
    if (value == null) {
      return DEFAULT_PAGE_SIZE;
    }
    if (!(value instanceof Number n) || n.doubleValue() != n.intValue()) {
      throw RpcError.invalidParams("params.pageSize must be a whole number, got " + value);
    }
    int size = n.intValue();
    if (size < 1 || size > MAX_PAGE_SIZE) {
      throw RpcError.invalidParams(
          "params.pageSize must be between 1 and " + MAX_PAGE_SIZE + ", got " + size);
    }
    return size;
  }

  /** Where a page ended: the last task's change time and id, encoded as an opaque token. */
  private record Cursor(Instant at, String id) {
    String token() {
      String raw = at + "|" + id;
      return Base64.getUrlEncoder()
          .withoutPadding()
          .encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    static Cursor parse(Object token) {
      if (token == null || (token instanceof String s && s.isEmpty())) {
        return null;
      }
      try {
        String raw =
            new String(Base64.getUrlDecoder().decode((String) token), StandardCharsets.UTF_8);
        int bar = raw.indexOf('|');
        return new Cursor(Instant.parse(raw.substring(0, bar)), raw.substring(bar + 1));
      } catch (RuntimeException e) {
        throw RpcError.invalidParams(
            "params.pageToken is not a token this server gave (use nextPageToken)");
      }
    }

    /** Whether this cursor comes before {@code t} in newest-first order. */
    boolean isBefore(Keyed t) {
      return order(at, id, t.at(), t.task().id()) < 0;
    }
  }

  /** A listed task with its change time, parsed once for sorting and paging. */
  private record Keyed(Instant at, A2aTask task) {}

  /** Newest-first order of (change time, id) pairs; ties go by id. */
  private static int order(Instant at1, String id1, Instant at2, String id2) {
    int byTime = at2.compareTo(at1);
    return byTime != 0 ? byTime : id1.compareTo(id2);
  }
}
