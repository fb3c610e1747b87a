package dev.toolnexus.builtins;

import dev.toolnexus.CancelToken;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
   * The file's text, read through {@code files} (regular files only, bounded, cancellable).
   *
   * @param shown the path as the model gave it, used in messages
   * @throws NotText when the file is missing, a directory, not a regular file, too large,
   *     unreadable, or not valid UTF-8
   * @throws SafeFiles.Cancelled when the call was cancelled
   */
  static String read(SafeFiles files, Path file, String shown, CancelToken cancel)
      throws NotText, SafeFiles.Cancelled {
    return decode(bytes(files, file, shown, cancel), shown);
  }

  /** The file's bytes, with the same checks as {@link #read}. */
  static byte[] bytes(SafeFiles files, Path file, String shown, CancelToken cancel)
      throws NotText, SafeFiles.Cancelled {
    return files.read(file, shown, MAX_FILE_BYTES, cancel);
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
