package dev.toolnexus.classifier.batteries;

import dev.toolnexus.classifier.Bands;
import java.util.Objects;

/**
 * The settings most batteries share: the error policy (required by the guards and filters, unused
 * by the routers, whose fallback is their error outcome), the bands (0.30/0.70 by default) and the
 * role sentence of the judged state (null for the battery's own).
 *
 * @param onError what a failed classifier call gives; null only for the routers
 * @param bands where a probability reads yes or no, and above which a pick is sure
 * @param role the role sentence, or null for the battery's default
 */
public record BatteryOptions(Batteries.OnError onError, Bands bands, String role) {

  /** Defaults the bands. */
  public BatteryOptions {
    bands = bands == null ? Bands.DEFAULT : bands;
  }

  /** Options with this error policy and the default bands and role. */
  public static BatteryOptions onError(Batteries.OnError onError) {
    return new BatteryOptions(onError, Bands.DEFAULT, null);
  }

  /** Options for a router: no error policy, the default bands and role. */
  public static BatteryOptions defaults() {
    return new BatteryOptions(null, Bands.DEFAULT, null);
  }

  /** These options with other bands. */
  public BatteryOptions withBands(Bands value) {
    return new BatteryOptions(onError, Objects.requireNonNull(value, "bands"), role);
  }

  /** These options with another role sentence. */
  public BatteryOptions withRole(String value) {
    return new BatteryOptions(onError, bands, Objects.requireNonNull(value, "role"));
  }

  String roleOr(String fallback) {
    return role == null ? fallback : role;
  }

  /** These options, checked to carry an error policy. */
  BatteryOptions requireOnError() {
    Objects.requireNonNull(onError, "onError");
    return this;
  }
}
