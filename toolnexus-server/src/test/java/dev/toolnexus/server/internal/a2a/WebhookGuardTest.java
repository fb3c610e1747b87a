package dev.toolnexus.server.internal.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.server.a2a.PushOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which webhooks a server calls: public http(s) hosts, others only when allowed. */
class WebhookGuardTest {
  private final WebhookGuard strict = new WebhookGuard(PushOptions.defaults());

  @ParameterizedTest
  @CsvSource({
    "http://127.0.0.1/h, 127.0.0.1, loopback",
    "http://[::1]:8080/h, ::1, loopback",
    "http://10.1.2.3/h, 10.1.2.3, private",
    "http://172.16.0.9/h, 172.16.0.9, private",
    "http://192.168.1.1/h, 192.168.1.1, private",
    "http://169.254.169.254/latest/meta-data, 169.254.169.254, link-local",
    "http://[fe80::1]/h, fe80::1, link-local",
    "http://[fd00::1]/h, fd00::1, unique-local",
    "http://100.64.0.1/h, 100.64.0.1, shared (carrier-grade NAT)",
    "http://0.0.0.0/h, 0.0.0.0, wildcard",
    "http://224.0.0.1/h, 224.0.0.1, multicast",
    "http://[::ffff:10.0.0.1]/h, ::ffff:10.0.0.1, private"
  })
  void anAddressOfTheServersOwnNetworksIsRefusedNamingItsKind(
      String url, String host, String kind) {
    assertThatThrownBy(() -> strict.check(url))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("the webhook host " + host + " is a " + kind + " address");
  }

  @Test
  void aPublicAddressIsAccepted() {
    assertThat(strict.check("https://93.184.215.14:8443/hook?x=1").getHost())
        .isEqualTo("93.184.215.14");
  }

  @Test
  void aSchemeOtherThanHttpOrHttpsIsRefused() {
    assertThatThrownBy(() -> strict.check("ftp://93.184.215.14/h"))
        .hasMessage("the webhook URL must be http or https, got ftp");
    assertThatThrownBy(() -> strict.check("file:///etc/passwd"))
        .hasMessage("the webhook URL must be http or https, got file");
  }

  @Test
  void aUrlWithoutAHostOrWithCredentialsIsRefused() {
    assertThatThrownBy(() -> strict.check("http:///h")).hasMessage("the webhook URL has no host");
    assertThatThrownBy(() -> strict.check("http://user:pw@93.184.215.14/h"))
        .hasMessage("the webhook URL must not carry credentials; set authentication instead");
  }

  @Test
  void anAllowedHostIsAcceptedWhateverItResolvesTo() {
    WebhookGuard allowing = new WebhookGuard(PushOptions.builder().allowHost("127.0.0.1").build());
    assertThat(allowing.check("http://127.0.0.1:9000/h").getPort()).isEqualTo(9000);
    assertThatThrownBy(() -> allowing.check("http://10.0.0.1/h"))
        .hasMessageContaining("private address");
  }

  @Test
  void allowingPrivateNetworksAcceptsEveryInternalAddress() {
    WebhookGuard open = new WebhookGuard(PushOptions.builder().allowPrivateNetworks(true).build());
    assertThat(open.check("http://10.0.0.1/h").getHost()).isEqualTo("10.0.0.1");
    assertThat(open.check("http://localhost/h").getHost()).isEqualTo("localhost");
  }

  @Test
  void aNameThatResolvesToLoopbackIsRefused() {
    assertThatThrownBy(() -> strict.check("http://localhost:8080/h"))
        .hasMessageStartingWith("the webhook host localhost is a loopback address");
  }
}
