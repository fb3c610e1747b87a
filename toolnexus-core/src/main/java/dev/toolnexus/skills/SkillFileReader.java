package dev.toolnexus.skills;

import dev.toolnexus.internal.Errors;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads one {@code SKILL.md} defensively: never more than the byte cap (a larger file is refused,
 * not truncated), no binary content, strict UTF-8. A leading byte-order mark is dropped.
 */
final class SkillFileReader {

  /** Either the text or why it could not be read. */
  record Result(String text, String problem) {
    boolean ok() {
      return problem == null;
    }
  }

  private SkillFileReader() {}

  static Result read(Path file, int maxBytes) {
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(maxBytes + 1);
    } catch (IOException | RuntimeException e) {
      return new Result(null, "cannot read: " + Errors.message(e));
    }
    if (bytes.length > maxBytes) {
      return new Result(null, "larger than the " + maxBytes + "-byte limit for a SKILL.md");
    }
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        return new Result(null, "binary content (NUL byte at offset " + i + ")");
      }
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    // UTF-8 never decodes to more chars than bytes, so this buffer cannot overflow.
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult r = decoder.decode(in, out, true);
    if (r.isUnderflow()) {
      r = decoder.flush(out);
    }
    if (r.isError()) {
      return new Result(null, "not valid UTF-8 (bad byte at offset " + in.position() + ")");
    }
    out.flip();
    String text = out.toString();
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    return new Result(text, null);
  }
}
