package dev.toolnexus.classifier;

/**
 * The cut points that turn numbers into decisions: a noul below {@code low} is no and above {@code
 * high} is yes; a choice or score is sure only when its confidence is above {@code high}. Both cuts
 * are exclusive on the confident side. Tune them per backend: a threshold tuned on one backend does
 * not transfer to another.
 *
 * @param low the low cut, 0 to 1
 * @param high the high cut, at least {@code low}
 */
public record Bands(double low, double high) {

  /** The default cuts: 0.30 and 0.70. */
  public static final Bands DEFAULT = new Bands(0.3, 0.7);

  /** Requires {@code 0 <= low <= high <= 1}. */
  public Bands {
    if (!(low >= 0 && low <= high && high <= 1)) {
      throw new IllegalArgumentException(
          "bands need 0 <= low <= high <= 1, got low " + low + " and high " + high);
    }
  }

  /** The band of a noul probability. */
  public Band of(double p) {
    return p < low ? Band.NO : p > high ? Band.YES : Band.UNCERTAIN;
  }
}
