package dev.toolnexus.client.compaction;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.internal.TranscriptMaps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The token estimate every toolnexus port agrees on: a cheap, deterministic stand-in for a
 * tokenizer, good enough to keep a transcript under a budget. A message costs {@code ceil(chars /
 * 4)} over its plain-data JSON (the form a conversation store persists) with the media payloads
 * left out, where chars are UTF-16 code units, plus {@code max(85, floor(decodedBytes / 750))} for
 * each image, file or audio part, so a link-only part costs 85 and no part is ever free.
 */
public final class TokenEstimator {
  private TokenEstimator() {}

  /** The estimate of one message. */
  public static long estimate(Message message) {
    Map<String, Object> map = TranscriptMaps.toMap(message);
    List<ContentPart> parts = List.of();
    if (message instanceof UserMessage u && !u.parts().isEmpty()) {
      parts = u.parts();
      map.put("content", stripped(parts));
    } else if (message instanceof ToolMessage t && !t.parts().isEmpty()) {
      parts = t.parts();
      map.put("parts", stripped(parts));
    }
    long tokens = (Json.write(map).length() + 3L) / 4;
    for (ContentPart p : parts) {
      if (p instanceof ContentPart.Media media) {
        tokens += media.estimateTokens();
      }
    }
    return tokens;
  }

  /** The estimate of a transcript: the sum of its messages' estimates. */
  public static long estimate(List<? extends Message> messages) {
    long total = 0;
    for (Message m : messages) {
      total += estimate(m);
    }
    return total;
  }

  /** The parts as plain data without what a media part carries (its bytes or its link). */
  private static List<Map<String, Object>> stripped(List<ContentPart> parts) {
    List<Map<String, Object>> out = new ArrayList<>(parts.size());
    for (ContentPart p : parts) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("type", p.type());
      if (p instanceof ContentPart.Text t) {
        m.put("text", t.text());
      } else {
        m.put("mimeType", ((ContentPart.Media) p).mimeType());
        if (p instanceof ContentPart.FileData f && f.name() != null) {
          m.put("name", f.name());
        }
      }
      out.add(m);
    }
    return out;
  }
}
