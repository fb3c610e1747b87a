package dev.toolnexus.server.internal.a2a;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The A2A v1.0 HTTP+JSON binding's routes, each read as the JSON-RPC method it stands for: {@code
 * POST /message:send}, {@code POST /message:stream}, {@code GET /tasks}, {@code GET /tasks/{id}},
 * {@code POST /tasks/{id}:cancel}, {@code POST|GET /tasks/{id}:subscribe}, {@code POST|GET
 * /tasks/{id}/pushNotificationConfigs}, {@code GET|DELETE /tasks/{id}/pushNotificationConfigs/{c}}
 * and {@code GET /extendedAgentCard}. Path and query parameters join the body's fields.
 */
final class RestRoutes {
  private static final String CONFIGS = "/pushNotificationConfigs";

  private RestRoutes() {}

  /**
   * One matched route: the JSON-RPC method, the HTTP methods it takes, and the parameters its path
   * and query carry.
   */
  record Route(String rpcMethod, List<String> httpMethods, Map<String, Object> params) {
    /** Whether {@code httpMethod} may be used on this route. */
    boolean takes(String httpMethod) {
      return httpMethods.contains(httpMethod);
    }
  }

  /** The route for {@code path} and {@code httpMethod}; null when the path is none of them. */
  static Route match(String httpMethod, String path) {
    switch (path) {
      case "/message:send":
        return new Route("SendMessage", List.of("POST"), Map.of());
      case "/message:stream":
        return new Route("SendStreamingMessage", List.of("POST"), Map.of());
      case "/tasks":
        return new Route("ListTasks", List.of("GET"), Map.of());
      case "/extendedAgentCard":
        return new Route("GetExtendedAgentCard", List.of("GET"), Map.of());
      default:
        break;
    }
    if (!path.startsWith("/tasks/") || path.length() == "/tasks/".length()) {
      return null;
    }
    String rest = path.substring("/tasks/".length());
    int configs = rest.indexOf(CONFIGS);
    if (configs > 0) {
      String taskId = rest.substring(0, configs);
      String tail = rest.substring(configs + CONFIGS.length());
      if (taskId.contains("/")) {
        return null;
      }
      if (tail.isEmpty()) {
        String rpc =
            httpMethod.equals("POST")
                ? "CreateTaskPushNotificationConfig"
                : "ListTaskPushNotificationConfigs";
        return new Route(rpc, List.of("POST", "GET"), Map.of("taskId", taskId));
      }
      if (!tail.startsWith("/") || tail.length() == 1 || tail.indexOf('/', 1) >= 0) {
        return null;
      }
      String rpc =
          httpMethod.equals("DELETE")
              ? "DeleteTaskPushNotificationConfig"
              : "GetTaskPushNotificationConfig";
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("taskId", taskId);
      params.put("id", tail.substring(1));
      return new Route(rpc, List.of("GET", "DELETE"), params);
    }
    if (rest.contains("/")) {
      return null;
    }
    if (rest.endsWith(":cancel")) {
      return task("CancelTask", List.of("POST"), rest, ":cancel");
    }
    if (rest.endsWith(":subscribe")) {
      return task("SubscribeToTask", List.of("POST", "GET"), rest, ":subscribe");
    }
    return new Route("GetTask", List.of("GET"), Map.of("id", rest));
  }

  private static Route task(String rpc, List<String> methods, String rest, String suffix) {
    String id = rest.substring(0, rest.length() - suffix.length());
    return id.isEmpty() ? null : new Route(rpc, methods, Map.of("id", id));
  }

  /**
   * A query parameter as its JSON value: {@code pageSize} and {@code historyLength} as numbers,
   * {@code includeArtifacts} as a boolean, the rest as strings.
   *
   * @throws RpcError naming a parameter whose value is not of its type
   */
  static Object queryValue(String name, String value) {
    switch (name) {
      case "pageSize", "historyLength" -> {
        try {
          return Integer.parseInt(value);
        } catch (NumberFormatException e) {
          throw RpcError.invalidParams(name + " must be a whole number, got " + value);
        }
      }
      case "includeArtifacts" -> {
        if (value.equals("true") || value.equals("false")) {
          return Boolean.parseBoolean(value);
        }
        throw RpcError.invalidParams(name + " must be true or false, got " + value);
      }
      default -> {
        return value;
      }
    }
  }
}
