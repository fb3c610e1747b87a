package dev.toolnexus.mcp.protocol;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads a body up to a limit. Internal. */
final class Bounded {
  private Bounded() {}

  /**
   * All of {@code in}, failing past {@code max} bytes.
   *
   * @throws RpcException naming {@code method} when the body is larger
   */
  static byte[] read(InputStream in, long max, String method) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    int n;
    while ((n = in.read(buf)) >= 0) {
      out.write(buf, 0, n);
      if (out.size() > max) {
        throw new RpcException(method + ": the answer is larger than " + max + " bytes", 0, null);
      }
    }
    return out.toByteArray();
  }
}
