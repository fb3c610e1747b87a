package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.a2a.internal.Wire;
import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.PushConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The push notification config methods in both dialects: v1.0's flat config ({@code
 * CreateTaskPushNotificationConfig} with {@code {taskId, id?, url, token?, authentication?:
 * {scheme, credentials?}}}) and v0.3's wrapped one ({@code tasks/pushNotificationConfig/set} with
 * {@code {taskId, pushNotificationConfig: {id?, url, token?, authentication?: {schemes,
 * credentials?}}}}), with get, list and delete. Answers never carry the credentials.
 */
final class PushMethods {
  private final TaskRunner runner;

  PushMethods(TaskRunner runner) {
    this.runner = runner;
  }

  /** Whether {@code method} is one of the push notification config methods. */
  static boolean handles(String method) {
    return switch (method) {
      case "tasks/pushNotificationConfig/set",
          "tasks/pushNotificationConfig/get",
          "tasks/pushNotificationConfig/list",
          "tasks/pushNotificationConfig/delete",
          "CreateTaskPushNotificationConfig",
          "GetTaskPushNotificationConfig",
          "ListTaskPushNotificationConfigs",
          "ListTaskPushNotificationConfig",
          "DeleteTaskPushNotificationConfig" ->
          true;
      default -> false;
    };
  }

  /** The result of {@code method}. */
  Object handle(String method, Dialect d, Map<String, Object> params) {
    if (runner.push() == null) {
      throw new RpcError(Wire.PUSH_NOT_SUPPORTED, "Push Notification is not supported");
    }
    return switch (method) {
      case "tasks/pushNotificationConfig/set", "CreateTaskPushNotificationConfig" -> set(d, params);
      case "tasks/pushNotificationConfig/get", "GetTaskPushNotificationConfig" -> get(d, params);
      case "tasks/pushNotificationConfig/delete", "DeleteTaskPushNotificationConfig" -> {
        String taskId = taskId(params);
        TaskWebhooks.deletePush(runner, taskId, configId(params, true));
        yield d == Dialect.V1_0 ? Map.of() : null;
      }
      default -> list(d, params);
    };
  }

  private Object set(Dialect d, Map<String, Object> params) {
    String taskId = taskId(params);
    Map<String, Object> raw =
        params.get("pushNotificationConfig") instanceof Map<?, ?> m ? map(m) : params;
    PushConfig config = read(d, raw, "params");
    A2aTask task = TaskWebhooks.setPush(runner, taskId, config);
    return render(d, task.id(), config);
  }

  private Object get(Dialect d, Map<String, Object> params) {
    String taskId = taskId(params);
    A2aTask task = task(taskId);
    String id = configId(params, false);
    for (PushConfig c : task.pushConfigs()) {
      if (id == null || c.id().equals(id)) {
        return render(d, taskId, c);
      }
    }
    throw configNotFound(taskId, id);
  }

  private Object list(Dialect d, Map<String, Object> params) {
    String taskId = taskId(params);
    List<Object> configs = new ArrayList<>();
    for (PushConfig c : task(taskId).pushConfigs()) {
      configs.add(render(d, taskId, c));
    }
    if (d != Dialect.V1_0) {
      return configs;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("configs", configs);
    out.put("nextPageToken", "");
    return out;
  }

  /**
   * Reads a config the caller sent (at {@code where}, for errors) and checks its webhook.
   *
   * @throws RpcError naming the field that is wrong, or why the webhook is refused
   */
  PushConfig read(Dialect d, Map<String, Object> raw, String where) {
    if (!(raw.get("url") instanceof String url) || url.isBlank()) {
      throw RpcError.invalidParams(where + ".url is required: the webhook to notify");
    }
    try {
      runner.push().check(url);
    } catch (IllegalArgumentException refused) {
      throw RpcError.invalidParams(where + ".url refused: " + refused.getMessage());
    }
    String scheme = null;
    String credentials = null;
    if (raw.get("authentication") instanceof Map<?, ?> auth) {
      if (auth.get("scheme") instanceof String s && !s.isBlank()) {
        scheme = s;
      } else if (auth.get("schemes") instanceof List<?> schemes
          && !schemes.isEmpty()
          && schemes.get(0) instanceof String s) {
        scheme = s;
      }
      if (auth.get("credentials") instanceof String c && !c.isBlank()) {
        credentials = c;
      }
      if (credentials != null && scheme == null) {
        throw RpcError.invalidParams(
            where + ".authentication.scheme is required with credentials (e.g. Bearer)");
      }
    }
    String id = string(raw.get("id"));
    String token = string(raw.get("token"));
    return new PushConfig(
        id == null ? UUID.randomUUID().toString() : id, url, token, scheme, credentials, d);
  }

  /** A config as an answer shows it: v1.0 flat, v0.3 wrapped with its task id. */
  static Map<String, Object> render(Dialect d, String taskId, PushConfig c) {
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("id", c.id());
    if (d == Dialect.V1_0) {
      config.put("taskId", taskId);
    }
    config.put("url", c.url());
    if (c.token() != null) {
      config.put("token", c.token());
    }
    if (c.scheme() != null) {
      config.put(
          "authentication",
          d == Dialect.V1_0
              ? Map.of("scheme", c.scheme())
              : Map.of("schemes", List.of(c.scheme())));
    }
    if (d == Dialect.V1_0) {
      return config;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("taskId", taskId);
    out.put("pushNotificationConfig", config);
    return out;
  }

  static RpcError configNotFound(String taskId, String id) {
    return new RpcError(
        Wire.TASK_NOT_FOUND,
        "Push notification config "
            + (id == null ? "" : id + " ")
            + "not found for task "
            + taskId);
  }

  private A2aTask task(String taskId) {
    return runner.store().get(taskId).orElseThrow(() -> RpcError.taskNotFound(taskId));
  }

  /** The task id: {@code taskId} (v1.0, and v0.3's set) or {@code id} (v0.3's other methods). */
  private static String taskId(Map<String, Object> params) {
    String id = string(params.get("taskId"));
    if (id == null && !params.containsKey("url")) {
      id = string(params.get("id"));
    }
    if (id == null) {
      throw RpcError.invalidParams("params.taskId (the task id) is required");
    }
    return id;
  }

  /**
   * The config id: v0.3's {@code pushNotificationConfigId}, or v1.0's {@code id} next to {@code
   * taskId}.
   */
  private static String configId(Map<String, Object> params, boolean required) {
    String id = string(params.get("pushNotificationConfigId"));
    if (id == null && params.containsKey("taskId")) {
      id = string(params.get("id"));
    }
    if (id == null && required) {
      throw RpcError.invalidParams(
          "params.id (v1.0) or params.pushNotificationConfigId (v0.3) is required");
    }
    return id;
  }

  private static String string(Object o) {
    return o instanceof String s && !s.isBlank() ? s : null;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Map<?, ?> m) {
    return (Map<String, Object>) m;
  }
}
