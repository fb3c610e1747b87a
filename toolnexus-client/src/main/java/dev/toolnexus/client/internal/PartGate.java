package dev.toolnexus.client.internal;

import dev.toolnexus.ContentPart;
import dev.toolnexus.client.UnsupportedParts;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The check every content part passes before a codec encodes it: whether the style has a block for
 * it, whether it is within {@code maxPartBytes}, and what provenance decides when it is not (a
 * caller-attached part is an error, a tool-derived one becomes its placeholder with a one-time
 * warning). One per client; the warn-once memory lives here.
 */
public final class PartGate {
  private static final Logger log = LoggerFactory.getLogger(PartGate.class);

  private final UnsupportedParts policy;
  private final long maxPartBytes;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();

  /** A gate with this policy and size limit (0 for none). */
  public PartGate(UnsupportedParts policy, long maxPartBytes) {
    this.policy = policy;
    this.maxPartBytes = maxPartBytes;
  }

  /** The refusal raised for a caller-attached part, before any request is sent. */
  public static final class PartRefusedException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    PartRefusedException(String message) {
      super(message);
    }
  }

  /**
   * Admits every part and encodes what is admitted, in order: text (a part or a placeholder)
   * through {@code text}, media through {@code media}. The one loop each style's codec runs.
   *
   * @param supports whether the style has a block for a part
   * @throws PartRefusedException when a part must not be sent and policy says error
   */
  public <T> List<T> encode(
      List<ContentPart> parts,
      boolean attached,
      Predicate<ContentPart> supports,
      String style,
      Function<String, T> text,
      Function<ContentPart.Media, T> media) {
    List<T> out = new ArrayList<>(parts.size());
    for (ContentPart p : parts) {
      ContentPart admitted = admit(p, attached, supports.test(p), style);
      out.add(
          admitted instanceof ContentPart.Text t
              ? text.apply(t.text())
              : media.apply((ContentPart.Media) admitted));
    }
    return out;
  }

  /**
   * The part to encode: the part itself, or a text placeholder.
   *
   * @param part the part
   * @param attached whether the caller attached it (versus a tool producing it)
   * @param supported whether the style has a block for it
   * @param style the style name, for messages
   * @throws PartRefusedException when the part must not be sent and policy says error
   */
  public ContentPart admit(ContentPart part, boolean attached, boolean supported, String style) {
    if (!(part instanceof ContentPart.Media media)) {
      return part;
    }
    String problem = null;
    if (!supported) {
      problem =
          "the "
              + style
              + " style cannot carry "
              + (media.type().equals("audio") || media.type().equals("image") ? "an " : "a ")
              + media.type()
              + " part"
              + (media.url() != null ? " by url" : "")
              + " ("
              + media.mimeType()
              + ")";
    } else if (maxPartBytes > 0 && media.decodedBytes() > maxPartBytes) {
      problem = media.describe() + " is larger than maxPartBytes (" + maxPartBytes + " bytes)";
    }
    if (problem == null) {
      return part;
    }
    boolean fail =
        policy == UnsupportedParts.ERROR || (policy == UnsupportedParts.BY_PROVENANCE && attached);
    if (fail) {
      throw new PartRefusedException(problem);
    }
    if (warned.add(problem)) {
      log.warn("{}; sending its placeholder instead", problem);
    }
    return new ContentPart.Text(media.placeholder());
  }
}
