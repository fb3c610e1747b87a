package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.mcp.client.McpServerConfig;
import dev.toolnexus.mcp.protocol.DiscoverResult;
import dev.toolnexus.mcp.protocol.Revisions;
import dev.toolnexus.mcp.protocol.RpcError;
import dev.toolnexus.mcp.protocol.RpcException;
import dev.toolnexus.mcp.protocol.StatelessHttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code server/discover} request that opens a stateless session, and what the client does when
 * the server refuses its protocol version: the versions the refusal lists decide between asking
 * again, speaking the session revision, and failing with the versions named.
 */
final class Discovery {
  private static final Logger log = LoggerFactory.getLogger(Discovery.class);

  private Discovery() {}

  /**
   * Asks {@code server/discover}. A server refusing the protocol version with the
   * unsupported-version error is taken at its word: when the versions it lists include this
   * revision the request is sent once more (with a new id), when they include only the session
   * revision {@link SessionOnly} says to speak that one, and otherwise the failure names the
   * versions the server speaks.
   */
  static Map<String, Object> discover(
      StatelessHttpClient http,
      McpServerConfig config,
      CompletableFuture<String> dead,
      CancelToken cancel) {
    try {
      return discoverOnce(http, config, dead, cancel);
    } catch (McpFailure e) {
      List<String> supported = supportedOnRefusal(e);
      if (supported == null) {
        throw e;
      }
      if (supported.contains(Revisions.STATELESS)) {
        log.debug(
            "MCP server {} refused the protocol version but lists {}; asking once more",
            config.name(),
            supported);
        return discoverOnce(http, config, dead, cancel);
      }
      if (supported.contains(Revisions.SESSION)) {
        throw new SessionOnly(supported);
      }
      throw new McpFailure(
          DiscoverResult.METHOD
              + " failed: the server speaks protocol versions "
              + supported
              + ", none of which toolnexus speaks ("
              + Revisions.PINNABLE
              + ")",
          e.getCause());
    }
  }

  private static Map<String, Object> discoverOnce(
      StatelessHttpClient http,
      McpServerConfig config,
      CompletableFuture<String> dead,
      CancelToken cancel) {
    return Await.await(
        http.request(DiscoverResult.METHOD, Map.of(), Map.of(), n -> {}),
        config.timeout(),
        dead,
        cancel,
        DiscoverResult.METHOD);
  }

  /**
   * The versions an unsupported-protocol-version error lists in {@code data.supported}; null when
   * {@code e} is not that error or lists none.
   */
  static List<String> supportedOnRefusal(McpFailure e) {
    if (!(e.getCause() instanceof RpcException rpc)
        || rpc.error() == null
        || rpc.error().code() != RpcError.UNSUPPORTED_PROTOCOL_VERSION
        || !(rpc.error().data() instanceof Map<?, ?> data)
        || !(data.get("supported") instanceof List<?> list)) {
      return null;
    }
    List<String> supported = new ArrayList<>();
    for (Object v : list) {
      if (v instanceof String version) {
        supported.add(version);
      }
    }
    return supported.isEmpty() ? null : List.copyOf(supported);
  }

  /** A server that refused this revision and lists the session revision among its versions. */
  static final class SessionOnly extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient List<String> supported;

    SessionOnly(List<String> supported) {
      super(null, null, false, false);
      this.supported = supported;
    }

    List<String> supported() {
      return supported;
    }
  }
}
