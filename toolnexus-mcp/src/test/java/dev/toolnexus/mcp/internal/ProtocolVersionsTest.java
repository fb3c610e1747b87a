package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpTransport;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * Stdio servers are spoken to without the SDK client, but must be offered the same protocol
 * versions it offers: an SDK upgrade that adds a version fails here until our one list follows.
 */
class ProtocolVersionsTest {

  /** The SDK's own list, as every transport it ships reports it by default. */
  private static final McpTransport SDK_DEFAULT =
      new McpTransport() {
        @Override
        public Mono<Void> closeGracefully() {
          return Mono.empty();
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
          return Mono.empty();
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
          throw new UnsupportedOperationException();
        }
      };

  @Test
  void theAcceptedRevisionsAreExactlyTheOnesTheSdkClientOffersNewestLast() {
    assertThat(SessionRevisions.ACCEPTED).isEqualTo(SDK_DEFAULT.protocolVersions());
    assertThat(SessionRevisions.offered()).isEqualTo(ProtocolVersions.MCP_2025_11_25);
  }

  @Test
  void theAcceptedRevisionsAreEveryRevisionTheSdkNamesInProtocolVersions() throws Exception {
    List<String> named = new ArrayList<>();
    for (Field f : ProtocolVersions.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        named.add((String) f.get(null));
      }
    }
    Collections.sort(named);

    assertThat(SessionRevisions.ACCEPTED).isEqualTo(named);
  }

  @Test
  void theStdioSessionAndTheHttpTransportShareTheOneList() {
    assertThat(httpTransport().protocolVersions()).isSameAs(SessionRevisions.ACCEPTED);
  }

  @Test
  void httpTransportOffersEveryVersionTheSdkHttpTransportOffersAndTheSameNewest() {
    StreamableHttpTransport ours = httpTransport();
    List<String> sdk =
        HttpClientStreamableHttpTransport.builder("http://127.0.0.1:9").build().protocolVersions();
    // ours also accepts 2024-11-05 from a server that answers with it over streamable HTTP
    assertThat(ours.protocolVersions()).containsAll(sdk);
    assertThat(ours.protocolVersions().get(ours.protocolVersions().size() - 1))
        .isEqualTo(sdk.get(sdk.size() - 1));
  }

  private static StreamableHttpTransport httpTransport() {
    return new StreamableHttpTransport(
        "remote",
        URI.create("http://127.0.0.1:9/mcp"),
        Map.of(),
        Duration.ofSeconds(1),
        McpJsonDefaults.getMapper(),
        1024,
        null);
  }
}
