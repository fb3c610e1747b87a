package dev.toolnexus.builtins;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Strict UTF-8 reading shared by read, edit and apply_patch, with errors a model can act on. */
final class TextFiles {
  /** Files larger than this are refused rather than loaded whole into memory. */
  static final long MAX_FILE_BYTES = 64L * 1024 * 1024;

  private TextFiles() {}

  /** A file that cannot be used as text; the message names it. */
  static final class NotText extends Exception {
    private static final long serialVersionUID = 1L;

    NotText(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * The file's text.
   *
   * @param shown the path as the model gave it, used in messages
   * @throws NotText when the file is missing, a directory, unreadable, or not valid UTF-8
   */
  static String read(Path file, String shown) throws NotText {
    byte[] bytes = bytes(file, shown);
    return decode(bytes, shown);
  }

  static byte[] bytes(Path file, String shown) throws NotText {
    if (Files.isDirectory(file)) {
      throw new NotText(shown + " is a directory, not a file");
    }
    try {
      long size = Files.size(file);
      if (size > MAX_FILE_BYTES) {
        throw new NotText(
            shown
                + " is "
                + size
                + " bytes, over the "
                + MAX_FILE_BYTES
                + "-byte limit; search it with grep or take a part with bash (head, tail, sed -n)");
      }
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new NotText("file not found: " + shown);
    } catch (IOException e) {
      throw new NotText("cannot read " + shown + ": " + e.getMessage());
    }
  }

  static String decode(byte[] bytes, String shown) throws NotText {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new NotText(shown + " is not valid UTF-8 text and has no recognised media extension");
    }
  }
}
